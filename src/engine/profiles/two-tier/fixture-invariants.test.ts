import { describe, expect, it } from 'vitest';
import { readFixture } from '../../formats/fixture-files.test-support';
import { importText } from '../../formats/import-text';
import { FakeClock } from '../../run/fake-clock.test-support';
import { lintToolPairs } from '../../run/pair-lint';
import { scriptedSummarizer } from '../../run/scripted-summarizer.test-support';
import { toHarnMessage } from '../../strategies/harn-message';
import type { Message } from '../../transcript/model';
import { runProfile } from './run-harness.test-support';
import { findSplit } from './split';

const fixtureName = 'openhands__multi_swe_bench_examples_output.jsonl';

const configs: Record<string, Record<string, unknown>> = {
  'observation mask': { trigger: 'daemon', tokenThreshold: 0, keepLast: 12 },
  truncate: { trigger: 'daemon', tokenThreshold: 0, compactStrategy: 'truncate', keepFirst: 1, keepLast: 6 },
  'hybrid with tier 2': { trigger: 'preflight', tokenThreshold: 0, policyStrategy: 'hybrid', hardLimitTokens: 500 },
  'microcompaction only': { trigger: 'post-turn', tokenThreshold: 100_000_000, toolOutputMaxChars: 2000 },
  'naive fallback prone': { trigger: 'daemon', tokenThreshold: 0, keepFirst: 1, keepLast: 3 },
};

describe('two-tier invariants on the real OpenHands fixture', () => {
  const imported = importText(readFixture(fixtureName), { fileName: fixtureName });
  const transcripts = imported.transcripts.filter((transcript) => transcript.messages.length > 0);

  it('imports conversations to test', () => {
    expect(transcripts.length).toBeGreaterThan(0);
  });

  for (const [label, config] of Object.entries(configs)) {
    it(`${label}: every message has a fate, pairs are not split by the split, tokens do not grow unflagged`, async () => {
      const fateKinds = new Set<string>();
      for (const transcript of transcripts) {
        const before = JSON.stringify(transcript.messages);
        const clock = new FakeClock();
        const summarizer = scriptedSummarizer([{ text: 'Summary of the archived work: files read, commands run, next step.' }], clock);
        const { result } = await runProfile(transcript.messages, config, { summarizer, clock, system: transcript.system });
        expect(JSON.stringify(transcript.messages)).toBe(before);
        expect(result.success).toBe(true);
        for (const pass of result.passes) {
          for (const fate of Object.values(pass.fates)) fateKinds.add(fate.kind);
          expect(Object.keys(pass.fates).sort()).toEqual(transcript.messages.map((message) => message.id).sort());
          const ids = pass.messages.map((message) => message.id);
          expect(new Set(ids).size).toBe(ids.length);
          for (const insertion of pass.insertions) expect(ids).toContain(insertion.id);
          if (pass.tokensAfter > pass.tokensBefore) expect(pass.flags).toContain('inflation');
          expectPairsKeptTogether(transcript.messages, pass.messages, config);
        }
      }
      // The fixture must exercise the profile, or the invariants above would hold vacuously.
      expect(fateKinds.has(label === 'microcompaction only' ? 'microcompacted' : 'summarized')).toBe(true);
    });
  }
});

/** New orphans or unanswered calls may only appear when the seed's naive-fallback split was used (its quirk). */
function expectPairsKeptTogether(source: readonly Message[], output: readonly Message[], config: Record<string, unknown>): void {
  const sourceLint = lintToolPairs(source);
  const outputLint = lintToolPairs(output);
  const newOrphans = outputLint.orphanResults.filter((callId) => !sourceLint.orphanResults.includes(callId));
  const newUnanswered = outputLint.unansweredCalls.filter((callId) => !sourceLint.unansweredCalls.includes(callId));
  if (newOrphans.length === 0 && newUnanswered.length === 0) return;
  const keepLast = typeof config.keepLast === 'number' ? config.keepLast : config.policyStrategy ? 10 : 12;
  const keepFirst = typeof config.keepFirst === 'number' ? config.keepFirst : 0;
  const split = findSplit(source.map(toHarnMessage), keepFirst, keepLast);
  expect({ newOrphans, newUnanswered, isNaiveFallback: split?.isNaiveFallback }).toMatchObject({ isNaiveFallback: true });
}
