import { describe, expect, it } from 'vitest';
import { lintToolPairs } from '../../run/pair-lint';
import { callMessage, message, resultMessage, runWith, textMessage, textOf } from './auto-compactor.test-support';
import { localTrim, localTrimMarkerText } from './local-trim';
import { interruptedResultText, repairToolPairing } from './tool-pair-repair';
import { piMessageTokenEstimate } from '../../tokens/estimate';

describe('local trim (spec §1.6)', () => {
  it('local trim keeps the longest suffix ≤ keepRecentTokens (strict > drops the crossing message) and the marker text', () => {
    const messages = [textMessage('user', 200, { id: 'a' }), textMessage('user', 400, { id: 'b' }), textMessage('user', 200, { id: 'c' })];
    const exact = localTrim(messages, 150, piMessageTokenEstimate, 0, 'p1', { reason: 'the summarizer failed: 503' });
    expect(exact?.messages.map((kept) => kept.id)).toEqual(['p1-trim-marker', 'b', 'c']);
    expect(exact?.droppedMessages).toBe(1);
    expect(textOf(exact!.messages[0])).toBe(
      '[context trimmed locally: 1 older message(s) left the live context at 1970-01-01T00:00:00.000Z without a summary, because the summarizer failed: 503. The session file still holds the full history.]',
    );
    const crossing = localTrim(messages, 149, piMessageTokenEstimate, 0, 'p1', { reason: 'the summarizer failed: 503' });
    expect(crossing?.messages.map((kept) => kept.id)).toEqual(['p1-trim-marker', 'c']);
    expect(crossing?.droppedMessages).toBe(2);
    expect(localTrimMarkerText(3, '2026-01-02T03:04:05.000Z', 'why')).toContain('3 older message(s) left the live context at 2026-01-02T03:04:05.000Z');
  });

  it('nothing droppable → null', () => {
    expect(localTrim([textMessage('user', 40)], 150, piMessageTokenEstimate, 0, 'p1', { reason: 'why' })).toBeNull();
    expect(localTrim([], 150, piMessageTokenEstimate, 0, 'p1', { reason: 'why' })).toBeNull();
  });

  it('nothing droppable → ok:false and the error reported (onBothRolesFailed)', async () => {
    const { result, events } = await runWith([textMessage('user', 40)], { config: { force: true }, main: [{ error: 'auth failed' }] });
    expect(result.passes[0]).toMatchObject({ ok: false, strategy: 'llm-summary', error: { message: 'Error: auth failed', isRetryable: false } });
    expect(result.passes[0].tokensAfter).toBe(result.passes[0].tokensBefore);
    expect(result.error?.message).toBe('Error: auth failed');
    expect(events.map((event) => event.type)).toEqual(['run-start', 'gate', 'pass-start', 'attempt-start', 'attempt-end', 'fallback', 'pass-end', 'run-end']);
  });

  it('a local trim ends the run and reports trimmed fates, usage removed, droppedMessages', async () => {
    const messages = [textMessage('user', 404, { id: 'u0' }), textMessage('assistant', 404, { id: 'a1', usage: { totalTokens: 5000 } }), textMessage('user', 404, { id: 'u2' }), textMessage('assistant', 404, { id: 'a3', usage: { totalTokens: 5000 } })];
    const { result } = await runWith(messages, { main: [{ error: 'nope' }] });
    const pass = result.passes[0];
    expect(result.passes).toHaveLength(1);
    expect(pass.fates).toEqual({ u0: { kind: 'trimmed' }, a1: { kind: 'trimmed' }, u2: { kind: 'trimmed' }, a3: { kind: 'kept' } });
    expect(pass.insertions).toEqual([{ id: 'auto-compactor-p1-trim-marker', kind: 'marker' }]);
    expect(pass.droppedMessages).toBe(3);
    expect(result.messages[1].usage).toBeUndefined();
    expect(messages[3].usage).toEqual({ totalTokens: 5000 });
  });

  it('D35: the marker states the real reason in our words (the summarizer\'s error), and prompts.trimMarker overrides its sentence', async () => {
    const messages = [textMessage('user', 404, { id: 'u0' }), textMessage('assistant', 404, { id: 'a1', usage: { totalTokens: 5000 } }), textMessage('user', 404, { id: 'u2' }), textMessage('assistant', 404, { id: 'a3', usage: { totalTokens: 5000 } })];
    const { result } = await runWith(messages, { main: [{ error: 'auth failed' }] });
    const marker = textOf(result.messages[0]);
    expect(marker).toMatch(/^\[context trimmed locally: 3 older message\(s\) left the live context at .* without a summary, because the summarizer failed: Error: auth failed\. /);
    expect(marker).not.toContain('endpoint was unavailable');
    const overridden = await runWith(messages, { main: [{ error: 'auth failed' }], config: { prompts: { trimMarker: 'dropped {{dropped_count}} ({{reason}})' } } });
    expect(textOf(overridden.result.messages[0])).toBe('[context trimmed locally: dropped 3 (the summarizer failed: Error: auth failed)]');
  });

  it('tool-pair repair: a valid list comes back unchanged', () => {
    const messages = [textMessage('user', 10), callMessage('c1', 'bash', {}), resultMessage('c1', 'ok')];
    const repaired = repairToolPairing(messages, 'p1');
    expect(repaired.messages).toEqual(messages);
    expect(repaired.insertions).toEqual([]);
  });

  it('tool-pair repair: an unanswered call gets a synthetic interrupted result; a separated result moves back', () => {
    const call = callMessage('c1', 'bash', {}, 'call');
    const between = textMessage('user', 10, { id: 'between' });
    const late = resultMessage('c1', 'ok', 'late');
    const unanswered = callMessage('c2', 'read', {}, 'unanswered');
    const repaired = repairToolPairing([call, between, late, unanswered], 'p1');
    expect(repaired.messages.map((kept) => kept.id)).toEqual(['call', 'late', 'between', 'unanswered', 'p1-interrupted-c2']);
    expect(repaired.fates.get('late')).toEqual({ kind: 'repaired', reason: 'tool result moved next to its call' });
    const synthetic = repaired.messages[4].blocks[0];
    expect(synthetic).toMatchObject({ kind: 'tool_result', callId: 'c2', content: interruptedResultText, isError: true });
    expect(lintToolPairs(repaired.messages)).toEqual({ orphanResults: [], unansweredCalls: [], adjacencyBreaks: [] });
  });

  it('tool-pair repair: an orphan block inside a mixed message is removed and the message kept', () => {
    const mixed = message('user', [{ kind: 'text', text: 'see' }, { kind: 'tool_result', callId: 'gone', content: 'x', isError: false }], { id: 'mixed' });
    const repaired = repairToolPairing([textMessage('user', 10, { id: 'first' }), mixed], 'p1');
    expect(repaired.messages.map((kept) => kept.id)).toEqual(['first', 'p1-note', 'mixed']);
    expect(repaired.messages[2].blocks).toEqual([{ kind: 'text', text: 'see' }]);
    expect(repaired.fates.get('mixed')).toEqual({ kind: 'repaired', reason: 'orphan tool result removed' });
  });
});
