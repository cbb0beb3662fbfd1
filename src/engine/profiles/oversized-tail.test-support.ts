import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importText } from '../formats/import-text';
import type { Message } from '../transcript/model';
import { agentCompactions } from '../versus/agent-compactions';
import { cutAtCompaction } from '../versus/cut-at-compaction';

/**
 * A real Claude Code session of the development corpus (e2e/fixtures/compactions, sources in its NOTICE.md): at the
 * agent's first compaction its history ends with an edit call (1,576 o200k tokens, mostly the new code) and the
 * edit's result (1,854 tokens, the file's lines around the change) — together larger than the agent's 2,368-token
 * summary, and each larger than a tail sized like half of it.
 */
const sessionFile = 'claude-code__entire-43b2bd6e-ccc5-4d83-bbe5-9cd1cd19cc82.jsonl';

/** The agent's summary at that compaction, in o200k tokens: the size a sized run aims at. */
export const agentSummaryTokens = 2368;

/** The 81 messages the agent held before its first compaction; the last is the large tool result. */
export function historyEndingInLargeResult(): Message[] {
  const text = readFileSync(path.join(import.meta.dirname, '..', '..', '..', 'e2e', 'fixtures', 'compactions', sessionFile), 'utf8');
  const transcript = importText(text, { fileName: sessionFile }).transcripts[0];
  return cutAtCompaction(transcript, agentCompactions(transcript)[0]).before.messages;
}

/** The content of the last message's tool result: what a tail sized like the agent's summary cannot hold. */
export function lastResultText(messages: readonly Message[]): string {
  const block = messages.at(-1)?.blocks.find((each) => each.kind === 'tool_result');
  return block?.kind === 'tool_result' ? block.content : '';
}
