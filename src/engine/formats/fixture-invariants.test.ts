import { describe, expect, it } from 'vitest';
import type { FormatId } from '../transcript/model';
import { pairToolCalls } from '../transcript/tool-pairs';
import { listFixtureFiles, readFixture } from './fixture-files.test-support';
import { importText } from './import-text';

/** The format each fixture must be sniffed as, by the start of its file name (longest prefix wins). */
const formatByPrefix: [string, FormatId][] = [
  ['claude-code', 'claude-code'],
  ['codex', 'codex'],
  ['gemini-cli', 'gemini-cli'],
  ['gemini-contents', 'gemini-contents'],
  ['inspect', 'inspect-ai'],
  ['openhands', 'openhands'],
  ['swe-agent', 'swe-agent'],
  ['mini-swe-agent', 'mini-swe-agent'],
  ['openai-chat', 'openai-chat'],
  ['openai-responses', 'openai-responses'],
  ['anthropic', 'anthropic-messages'],
  ['langchain', 'langchain'],
  ['plain-text', 'plain-text'],
];

function expectedFormat(name: string): FormatId | undefined {
  const base = name.replace(/^hand-written\//, '');
  const matches = formatByPrefix.filter(([prefix]) => base.startsWith(prefix)).sort((a, b) => b[0].length - a[0].length);
  return matches[0]?.[1];
}

describe('every fixture imports as its format, with every tool result linked or reported', () => {
  for (const name of listFixtureFiles()) {
    const expected = expectedFormat(name);
    it(`${name} → ${expected ?? '(expected to be refused)'}`, () => {
      const result = importText(readFixture(name), { fileName: name });
      if (expected === undefined) {
        expect(result.transcripts).toHaveLength(0);
        return;
      }
      expect(result.report.format).toBe(expected);
      expect(result.transcripts.length).toBeGreaterThan(0);
      for (const transcript of result.transcripts) {
        expect(transcript.source.format).toBe(expected);
        const ids = transcript.messages.map((message) => message.id);
        expect(new Set(ids).size).toBe(ids.length);
        const pairs = pairToolCalls(transcript.messages);
        let results = 0;
        for (const message of transcript.messages) {
          if (message.isSidechain) continue;
          for (const block of message.blocks) if (block.kind === 'tool_result') results += 1;
        }
        const linked = [...pairs.resultIndexesById.entries()].filter(([callId]) => pairs.callIndexById.has(callId)).reduce((sum, [callId]) => {
          let count = 0;
          for (const index of pairs.resultIndexesById.get(callId) ?? []) {
            count += transcript.messages[index].blocks.filter((block) => block.kind === 'tool_result' && block.callId === callId).length;
          }
          return sum + count;
        }, 0);
        expect(linked + pairs.orphanResults.length, 'every result is linked or reported as an orphan').toBe(results);
      }
    });
  }
});
