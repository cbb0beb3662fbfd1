import { describe, expect, it } from 'vitest';
import { lintToolPairs } from '../../run/pair-lint';
import { messageText } from '../../tokens/message-text';
import { localTrimMarkerText } from '../auto-compactor/local-trim';
import { allStagesOff, conversation, pinLine, runUnifiedWith } from './unified.test-support';

const cleanLint = { orphanResults: [], unansweredCalls: [], adjacencyBreaks: [] };

describe('unified stages alone', () => {
  it('U1: microcompact alone shrinks every oversized tool output and reports it as microcompacted', async () => {
    const { result } = await runUnifiedWith(conversation(10), { config: { ...allStagesOff, toolOutputMaxChars: 1000 } });
    const pass = result.passes[0];
    expect(pass.strategy).toBe('microcompact');
    expect(pass.fates['t1-result']).toMatchObject({ kind: 'microcompacted' });
    const fate = pass.fates['t1-result'];
    if (fate.kind !== 'microcompacted') throw new Error('expected microcompacted');
    expect(fate.charsAfter).toBeLessThan(fate.charsBefore);
    expect(pass.fates['t1-user']).toEqual({ kind: 'kept' });
    expect(messageText(pass.messages[2])).toContain('characters snipped');
    expect(pass.tokensAfter).toBeLessThan(pass.tokensBefore);
    // Still over the gate with nothing else on: the second pass has no work and the run says so.
    expect(result.passes[1].flags).toContain('no-work');
    expect(result.error?.code).toBe('no-work');
  });

  it('U2: observation mask alone masks older tool outputs in place and leaves the last keepLast messages whole', async () => {
    const source = conversation(10);
    const { result } = await runUnifiedWith(source, { config: { ...allStagesOff, observationMask: { enabled: true, keepLast: 8 } } });
    const pass = result.passes[0];
    expect(result.success).toBe(true);
    expect(pass.strategy).toBe('observation-mask');
    expect(pass.fates['t8-result']).toEqual({ kind: 'masked' });
    expect(pass.fates['t9-result']).toEqual({ kind: 'kept' });
    expect(pass.messages.map((message) => message.id)).toEqual(source.map((message) => message.id));
    expect(messageText(pass.messages[2])).toMatch(/^\[tool\] out1 line 0 o+\.\.\. \[\d+ lines, \d+ chars masked\]$/);
    expect(pass.lint).toEqual(cleanLint);
  });

  it('U3: the summary alone folds the older span into one summary and keeps the recent region', async () => {
    const { result, smol } = await runUnifiedWith(conversation(10), { config: { ...allStagesOff, summary: true, summarizerWindowTokens: 100_000 } });
    const pass = result.passes[0];
    expect(result.success).toBe(true);
    expect(pass.strategy).toBe('llm-summary');
    expect(pass.fallback).toBeUndefined();
    expect(pass.insertions[0]).toEqual({ id: 'unified-p1-summary', kind: 'summary' });
    expect(pass.fates['t1-user']).toEqual({ kind: 'summarized', summaryId: 'unified-p1-summary' });
    expect(pass.fates['t10-reply']).toEqual({ kind: 'kept' });
    expect(messageText(pass.messages[0])).toContain('<summary>\nsmol summary');
    expect(smol.requests[0].prompt).toContain('[User]: request 1 ');
    expect(pass.lint).toEqual(cleanLint);
  });

  it('U4: local trim alone is the last resort: marker, dropped count, trimmed fates, pairs whole', async () => {
    const { result } = await runUnifiedWith(conversation(10), { config: { ...allStagesOff, localTrim: true, operativeSkills: [] } });
    const pass = result.passes[0];
    expect(result.success).toBe(true);
    expect(pass.strategy).toBe('local-trim');
    expect(pass.fallback).toBe('local-trim');
    expect(pass.droppedMessages).toBeGreaterThan(0);
    expect(messageText(pass.messages[0])).toBe(localTrimMarkerText(pass.droppedMessages ?? 0, new Date(0).toISOString(), 'the summary stage is off (summary: false)'));
    expect(pass.fates['t1-user']).toEqual({ kind: 'trimmed' });
    expect(pass.lint).toEqual(cleanLint);
  });

  it('U5: local trim does not run when the pass could summarize', async () => {
    const { result, events } = await runUnifiedWith(conversation(10), { config: { ...allStagesOff, summary: true, localTrim: true } });
    expect(result.passes[0].strategy).toBe('llm-summary');
    expect(events.some((event) => event.type === 'fallback' && event.to === 'local-trim')).toBe(false);
  });
});

describe('unified stages combined', () => {
  it('U6: microcompact → mask → summary run in order while the context stays over the gate', async () => {
    const { result } = await runUnifiedWith(conversation(10), { config: { toolOutputMaxChars: 1000, observationMask: { enabled: true, keepLast: 30 } } });
    const pass = result.passes[0];
    expect(result.success).toBe(true);
    expect(pass.strategy).toBe('microcompact+observation-mask+llm-summary');
    expect(pass.fates['t1-result']).toEqual({ kind: 'summarized', summaryId: 'unified-p1-summary' });
    expect(pass.fates['t10-result']).toMatchObject({ kind: 'microcompacted' });
  });

  it('U7: a stage that brings the context under the gate ends the pipeline', async () => {
    const { result, smol, main } = await runUnifiedWith(conversation(10), { config: { toolOutputMaxChars: 1000, observationMask: { enabled: true, keepLast: 8 } } });
    expect(result.passes[0].strategy).toBe('microcompact+observation-mask');
    expect(smol.requests.length + main.requests.length).toBe(0);
    expect(result.passes).toHaveLength(1);
  });

  it('U8: tier 2 runs only past the hard limit and sees only the summary', async () => {
    const longSummary = [{ text: 'S'.repeat(3000) }];
    const under = await runUnifiedWith(conversation(10), { smol: longSummary, config: { hardLimitTokens: 100_000 } });
    expect(under.result.passes[0].strategy).toBe('observation-mask+llm-summary');
    expect(under.events.some((event) => event.type === 'fallback' && event.to.startsWith('tier2'))).toBe(false);
    const over = await runUnifiedWith(conversation(10), { smol: longSummary, config: { hardLimitTokens: 1000 } });
    const pass = over.result.passes[0];
    expect(pass.strategy).toBe('observation-mask+llm-summary+tier2-truncate');
    expect(pass.fallback).toBe('tier2-truncate');
    expect(pass.summary).toMatch(/^\[auto-compacted \d+ older messages via truncate strategy\]\n\[user\] S{500}\.\.\. \[truncated from \d+ chars\]\n\.\.\. and 20 more$/);
    // Tier 2 saw only the summary: every summarized message now lives in the rewritten one.
    expect(pass.fates['t1-user']).toEqual({ kind: 'summarized', summaryId: 'unified-p1-summary' });
    expect(over.events.some((event) => event.type === 'fallback' && event.to === 'tier2-truncate')).toBe(true);
  });

  it('U8b: an llm tier 2 asks main with seed 3\'s prompt over only the tier-1 summary', async () => {
    const { result, main } = await runUnifiedWith(conversation(10), { smol: [{ text: 'S'.repeat(3000) }], main: [{ text: 'short' }], config: { hardLimitTokens: 1000, hardLimitStrategy: 'llm' } });
    const pass = result.passes[0];
    expect(pass.strategy).toBe('observation-mask+llm-summary+tier2-llm');
    expect(main.requests).toHaveLength(1);
    expect(main.requests[0].system).toBe('');
    expect(main.requests[0].prompt).toMatch(/Archived message count: \d+\n\nConversation:\nUSER: S{3000}/);
    expect(main.requests[0].prompt).not.toContain('request 1');
    expect(pass.summary).toMatch(/^\[auto-compacted \d+ older messages\]\nshort$/);
  });

  it('U9: pinned lines survive every stage verbatim', async () => {
    for (const pinIn of ['user', 'result'] as const) {
      const { result } = await runUnifiedWith(conversation(10, 2000, { pinInTurn: 1, pinIn }), { config: { toolOutputMaxChars: 1000, observationMask: { enabled: true, keepLast: 30 }, hardLimitTokens: 10 } });
      for (const pass of result.passes) expect(pass.messages.map(messageText).join('\n')).toContain(pinLine);
      expect(result.messages.map(messageText).join('\n')).toContain(pinLine);
    }
    const trimmed = await runUnifiedWith(conversation(10, 2000, { pinInTurn: 1 }), { config: { ...allStagesOff, localTrim: true } });
    expect(trimmed.result.messages.map(messageText).join('\n')).toContain(pinLine);
  });

  it('U10: the input is never mutated and the run is deterministic', async () => {
    const source = conversation(10);
    const copy = structuredClone(source);
    const first = await runUnifiedWith(source, { config: { toolOutputMaxChars: 1000, observationMask: { enabled: true, keepLast: 30 } } });
    const second = await runUnifiedWith(source, { config: { toolOutputMaxChars: 1000, observationMask: { enabled: true, keepLast: 30 } } });
    expect(source).toEqual(copy);
    expect(JSON.stringify(second.result)).toBe(JSON.stringify(first.result));
    expect(JSON.stringify(second.events)).toBe(JSON.stringify(first.events));
    expect(lintToolPairs(first.result.messages)).toEqual(cleanLint);
  });

  it('U11: under the gate without force nothing runs; force runs a pass', async () => {
    const small = conversation(2);
    const idle = await runUnifiedWith(small);
    expect(idle.result.passes).toHaveLength(0);
    expect(idle.events.find((event) => event.type === 'gate')).toMatchObject({ shouldCompact: false });
    const forced = await runUnifiedWith(small, { config: { force: true, keepRecentTokens: 100 } });
    expect(forced.result.passes).toHaveLength(1);
    expect(Object.keys(forced.result.passes[0].fates).sort()).toEqual(small.map((message) => message.id).sort());
  });
});
