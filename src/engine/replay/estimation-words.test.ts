import { describe, expect, it } from 'vitest';
import type { PassSnapshot, RunResult } from '../run/events';
import type { GateReading } from '../run/replay-gate';
import { compactionFlags, outcomeWords } from './estimation-words';

const pass = (fates: PassSnapshot['fates']): PassSnapshot => ({
  pass: 1, tokensBefore: 9000, tokensAfter: 2000, strategy: 'llm-summary', attempts: 1, ok: true, messages: [], fates, insertions: [],
  lint: { orphanResults: [], unansweredCalls: [], adjacencyBreaks: [] }, flags: [], durationMs: 1,
});
const run = (fates: PassSnapshot['fates'], before: number, after: number): RunResult => ({
  profile: 'auto-compactor', success: true, cancelled: false, tokensBefore: before, tokensAfter: after, passes: [pass(fates)], summarizerCalls: 1, messages: [], exact: { encoding: 'o200k_base', before, after },
});
const under: GateReading = { tokens: 500, threshold: 900, fires: false, basis: 'exact' };

describe('a replayed compaction’s outcome (issue 25: the engine’s own flags, never a plain success)', () => {
  it('says a compaction that wiped the history, with the engine’s history-wiped flag', () => {
    const wiped = run({ m1: { kind: 'summarized', summaryId: 's1' } }, 118_543, 51);
    expect(compactionFlags(wiped).map((flag) => flag.kind)).toEqual(['history-wiped']);
    expect(outcomeWords(wiped, under).outcome).toBe('history wiped: kept 51 of 118,543 tokens');
  });

  it('says a compaction that replaced nothing, and the trigger it is still over beside it', () => {
    const keptAll = run({ m1: { kind: 'kept' } }, 12_000, 13_000);
    expect(compactionFlags(keptAll)).toEqual([{ kind: 'replaced-nothing', message: expect.stringContaining('replaced nothing') }]);
    expect(outcomeWords(keptAll, { ...under, tokens: 1000 }).outcome).toBe('replaced nothing: the history is as it was; succeeded, but the context is still over the trigger (1,000 > 900, exact)');
  });

  it('says nothing of a clean compaction', () => {
    const clean = run({ m1: { kind: 'summarized', summaryId: 's1' } }, 12_000, 3_000);
    expect(compactionFlags(clean)).toEqual([]);
    expect(outcomeWords(clean, under)).toEqual({});
  });
});
