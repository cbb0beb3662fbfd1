import type { UnlistedCall } from '../../transcript/model';
import type { ImportIssue } from '../import-report';
import type { ClaudeCodeLine } from './claude-code-branch';
import { responseKey } from './claude-code-usage';
import { anthropicUsage } from '../anthropic-usage';
import { asRecord, asString } from '../shared';
import { TokenFigures } from '../usage';

/** The calls the conversation leaves out, and the implausible figures left out of them. */
export interface UnlistedClaudeCalls {
  calls: UnlistedCall[];
  warnings: ImportIssue[];
}

/**
 * The API responses the file logged that the conversation leaves out: assistant lines off the active branch (an edit
 * or a rewind abandoned them) whose response has no line among `selected`. They were paid for, so the bill needs them,
 * while the messages stay the context the agent held. Each response is one call, its usage taken from its last line
 * that logged one (the final output count), as the messages do. Repeats of a selected line (a resumed session
 * re-appends them) share its response key and are not counted again; synthetic lines (`<synthetic>`) made no API call.
 */
export function unlistedClaudeCalls(all: readonly ClaudeCodeLine[], selected: readonly ClaudeCodeLine[]): UnlistedClaudeCalls {
  const selectedKeys = new Set(selected.flatMap((entry) => (entry.record.type === 'assistant' ? [responseKey(entry.record) ?? ''] : [])));
  const kept = new Set(selected);
  const calls = new Map<string, UnlistedCall>();
  const warnings: ImportIssue[] = [];
  for (const entry of all) {
    if (kept.has(entry) || entry.record.type !== 'assistant') continue;
    const key = responseKey(entry.record);
    const payload = asRecord(entry.record.message);
    const model = asString(payload?.model);
    if (key === undefined || selectedKeys.has(key) || model === '<synthetic>') continue;
    const figures = new TokenFigures();
    const usage = anthropicUsage(payload?.usage, figures);
    warnings.push(...figures.issues({ line: entry.line, path: 'message.usage' }));
    if (!usage) continue;
    const existing = calls.get(key);
    if (existing) existing.usage = usage;
    else calls.set(key, { usage, model, at: asString(entry.record.timestamp), sourceRef: { line: entry.line } });
  }
  return { calls: [...calls.values()], warnings };
}
