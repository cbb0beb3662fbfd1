import { defaultCompactionPrompts } from '../../engine/profiles/auto-compactor/default-prompts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importText } from '../../engine';
import type { Message } from '../../engine/transcript';

/** The large real Claude Code fixture the offline summarizer's tests read. */
const claudeCodeFixture = path.join(
  import.meta.dirname, '..', '..', '..', 'e2e', 'fixtures', 'transcripts', 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl',
);

/** The fixture's messages, imported with the app's own importer. */
export function fixtureMessages(): Message[] {
  const result = importText(readFileSync(claudeCodeFixture, 'utf8'), { fileName: path.basename(claudeCodeFixture) });
  const transcript = result.transcripts[0];
  if (!transcript) throw new Error(`fixture did not import: ${JSON.stringify(result.report.errors.slice(0, 3))}`);
  return transcript.messages;
}

function toolCallText(name: string, args: unknown, argsRaw: string): string {
  if (args !== null && typeof args === 'object' && !Array.isArray(args)) {
    return `${name}(${Object.entries(args as Record<string, unknown>).map(([key, value]) => `${key}=${JSON.stringify(value)}`).join(', ')})`;
  }
  return `${name}(${argsRaw})`;
}

/** A plain `[User]: … / [Assistant]: … / [Assistant tool calls]: … / [Tool result]: …` serialization, parts joined by blank lines. */
export function serializeForTest(messages: readonly Message[]): string {
  const parts: string[] = [];
  for (const message of messages) {
    const texts = message.blocks.flatMap((block) => (block.kind === 'text' ? [block.text] : []));
    const calls = message.blocks.flatMap((block) => (block.kind === 'tool_call' ? [toolCallText(block.name, block.args, block.argsRaw)] : []));
    const results = message.blocks.flatMap((block) => (block.kind === 'tool_result' ? [block.content.slice(0, 2000)] : []));
    if (texts.length > 0) parts.push(`[${message.role === 'assistant' ? 'Assistant' : 'User'}]: ${texts.join('\n')}`);
    if (calls.length > 0) parts.push(`[Assistant tool calls]: ${calls.join('; ')}`);
    for (const result of results) parts.push(`[Tool result]: ${result}`);
  }
  return parts.join('\n\n');
}

/** A Dart-seed prompt (§1.10 assembly order): conversation, previous checkpoint, pinned block, base prompt, duty. */
export function dartPrompt(conversation: string, options: { previous?: string; pinnedBlock?: string } = {}): string {
  let prompt = `<conversation>\n${conversation}\n</conversation>\n\n`;
  if (options.previous !== undefined) prompt += `<previous-checkpoint>\n${options.previous}\n</previous-checkpoint>\n\n`;
  if (options.pinnedBlock !== undefined) prompt += `${options.pinnedBlock}\n\n`;
  // The engine's own first-checkpoint prompt, so these tests follow it if it changes.
  prompt += defaultCompactionPrompts.summary;
  if (options.pinnedBlock !== undefined) prompt += '\n\nPINNED SKILL DIRECTIVES: copy every pinned line verbatim; put unrelated ones under `## Critical Context`.';
  return prompt;
}
