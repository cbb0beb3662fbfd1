import { describe, expect, it } from 'vitest';
import { readFixture } from './fixture-files.test-support';
import { importText } from './import-text';

/** A 15 KB id, as a hand-edited or hostile file may carry. */
const longId = `call_${'x'.repeat(15_000)}`;

/** How often the first 60 characters of `longId` appear in `text`. */
function quotesOfLongId(text: string): number {
  return text.split(longId.slice(0, 60)).length - 1;
}

describe('a warning quotes an id once, and briefly (issue 25 item 8)', () => {
  it('a 15 KB tool-call id reused three times, and a 15 KB message id repeated, give short warnings that name each id once', () => {
    const root = JSON.parse(readFixture('hand-written/openai-chat__weather-agent.json')) as { messages: Record<string, unknown>[] };
    const call = (index: number) => ({ id: longId, type: 'function', function: { name: `lookup_${index}`, arguments: '{}' } });
    root.messages.push(
      { role: 'assistant', id: longId, content: null, tool_calls: [call(1)] },
      { role: 'tool', tool_call_id: longId, content: 'one' },
      { role: 'assistant', id: longId, content: null, tool_calls: [call(2)] },
      { role: 'tool', tool_call_id: longId, content: 'two' },
      { role: 'assistant', content: null, tool_calls: [call(3)] },
      { role: 'tool', tool_call_id: longId, content: 'three' },
    );
    const result = importText(JSON.stringify(root));
    expect(result.report.format).toBe('openai-chat');
    const messages = result.report.warnings.map((issue) => issue.message);
    expect(messages).toContainEqual(expect.stringMatching(/^tool-call id call_x{74}… is reused by 3 calls; later calls get the suffixes #2, #3, …/));
    expect(messages).toContainEqual(`duplicate message id "call_${'x'.repeat(74)}…"; the repeat is renamed with the suffix ~2`);
    for (const message of messages) {
      expect(message.length).toBeLessThanOrEqual(300);
      expect(quotesOfLongId(message)).toBeLessThanOrEqual(1);
    }
  });
});
