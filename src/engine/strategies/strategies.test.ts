import { describe, expect, it } from 'vitest';
import { customSummaryFromResult, readCustomResult } from './custom';
import type { HarnMessage } from './harn-message';
import { formatCompactionMessages, llmSummaryFromAnswer, renderSummarizePrompt } from './llm-summary';
import { defaultSummarizePrompt } from './summarize-prompt';
import { observationMaskSummary, readMaskOverrides } from './observation-mask';
import { truncateSummary } from './truncate';

const user = (content: string): HarnMessage => ({ role: 'user', content });
const tool = (content: string): HarnMessage => ({ role: 'tool', content, tool_call_id: 'c1' });
const longDump = Array.from({ length: 62 }, (_, index) => `line ${index} of the file dump with padding text`).join('\n');

describe('seed 3 strategies', () => {
  it('H13: observation mask keeps short user messages whole and masks nothing', () => {
    const { text } = observationMaskSummary([user('OK'), user('Done.')], 2);
    expect(text).toBe('[auto-compacted 2 older messages via observation masking]\n[user] OK\n[user] Done.');
    expect(text).not.toContain('masked');
  });

  it('observation mask: default mask of a long multi-line tool output, assistant prose always whole', () => {
    const assistant: HarnMessage = { role: 'assistant', content: 'x'.repeat(900) };
    const { text, archivedFates } = observationMaskSummary([tool(longDump), assistant, { role: 'assistant', content: '' }], 3);
    const bytes = new TextEncoder().encode(longDump).length;
    expect(text.split('\n')[1]).toBe(`[tool] line 0 of the file dump with padding text... [62 lines, ${bytes} chars masked]`);
    expect(text).toContain(`[assistant] ${'x'.repeat(900)}`);
    expect(archivedFates).toEqual(['masked', 'summarized', 'trimmed']);
  });

  it('mask callback list shorter than the messages, or with nil entries, falls back to defaults', () => {
    const archived = [tool(longDump), tool(longDump), tool(longDump)];
    const overrides = readMaskOverrides([null, 'CUSTOM MASK']);
    const { text } = observationMaskSummary(archived, 3, overrides);
    const lines = text.split('\n');
    expect(lines[1]).toContain('chars masked]');
    expect(lines[2]).toBe('CUSTOM MASK');
    expect(lines[3]).toContain('chars masked]');
    expect(readMaskOverrides('not a list')).toEqual([]);
    expect(readMaskOverrides([42, { a: 1 }, 'x'])).toEqual([null, null, 'x']);
  });

  it('a mask override is not used for content under 500 bytes', () => {
    const { text } = observationMaskSummary([tool('short error')], 1, ['OVERRIDE']);
    expect(text).toContain('[tool] short error');
    expect(text).not.toContain('OVERRIDE');
  });

  it('truncate: 15 lines, 500-byte cut with the original length, and the count of the rest', () => {
    const archived = [user(''), user('é'.repeat(300)), ...Array.from({ length: 18 }, (_, index) => user(`message ${index}`))];
    const { text, archivedFates } = truncateSummary(archived, archived.length);
    const lines = text.split('\n');
    expect(lines[0]).toBe('[auto-compacted 20 older messages via truncate strategy]');
    expect(lines[1]).toBe(`[user] ${'é'.repeat(250)}... [truncated from 600 chars]`);
    expect(lines[15]).toBe('[user] message 13');
    expect(lines[16]).toBe('... and 5 more');
    expect(lines).toHaveLength(17);
    expect(archivedFates[0]).toBe('trimmed');
    expect(archivedFates.filter((fate) => fate === 'summarized')).toHaveLength(15);
  });

  it('LLM empty answer → the fallback header text over the truncate body', () => {
    const { text, isEmptyFallback } = llmSummaryFromAnswer('  \n ', [user('a'), user('b')], 2);
    expect(isEmptyFallback).toBe(true);
    expect(text).toBe('[auto-compact fallback: LLM summarizer returned empty; 2 older messages abbreviated to ~500 chars each]\n[user] a\n[user] b');
    expect(llmSummaryFromAnswer('  the gist \n', [user('a')], 1).text).toBe('[auto-compacted 1 older messages]\nthe gist');
  });

  it('LLM prompt: default text, ROLE lines, and template bindings', () => {
    const formatted = formatCompactionMessages([user('hi'), { role: 'assistant', content: '' }, { role: '', content: 'x' }]);
    expect(formatted).toBe('USER: hi\nASSISTANT: \nUSER: x');
    expect(renderSummarizePrompt(undefined, 'USER: hi', 1)).toBe(
      'Write a summary of the archived messages below for the agent that carries on this work. Keep the goals, constraints, decisions, tool work already done, open problems and next steps. Reply with the summary alone.\n\nArchived message count: 1\n\nConversation:\nUSER: hi',
    );
    expect(defaultSummarizePrompt).toContain('{{formatted_messages}}');
    expect(renderSummarizePrompt('Custom asset text\nArchived count: {{ archived_count }}\n{{formatted_messages}}', 'USER: a', 2)).toBe('Custom asset text\nArchived count: 2\nUSER: a');
  });

  it('custom result shapes: dict summary/text, string, nil, other', () => {
    expect(readCustomResult({ summary: 'from summary', text: 'ignored' })).toBe('from summary');
    expect(readCustomResult({ text: 'from text' })).toBe('from text');
    expect(readCustomResult('plain')).toBe('plain');
    expect(readCustomResult(null)).toBe('');
    expect(readCustomResult(undefined)).toBe('');
    expect(readCustomResult([1, 2])).toBe('[\n  1,\n  2\n]');
    expect(readCustomResult({ other: 1 })).toBe('{\n  "other": 1\n}');
    expect(readCustomResult(7)).toBe('7');
    const archived = [user('a')];
    expect(customSummaryFromResult('s', archived, 1).text).toBe('[auto-compacted 1 older messages]\ns');
    expect(customSummaryFromResult(null, archived, 1).text).toBe('[auto-compacted 1 older messages via truncate strategy]\n[user] a');
  });
});
