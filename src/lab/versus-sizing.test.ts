import { describe, expect, it } from 'vitest';
import { importText } from '../engine';
import { parseLabConfig } from '../engine/headless';
import { profileIds } from '../engine/profiles/meta';
import { readFixture } from '../engine/formats/fixture-files.test-support';
import type { WorkerReply } from '../worker-client/protocol';
import type { VersusComparison, VersusOutcome } from '../worker-client/versus-protocol';
import { compareAtCompaction } from './versus';
import { maxSizingTries } from './versus-size-search';
import { agentSizing, describeSettings, sizedDocument, sizedLikeAgent } from './versus-sizing';

const sessionFile = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';
const session = importText(readFixture(sessionFile), { fileName: sessionFile }).transcripts[0];

/** The comparison's answer when it compared, or a failed expectation naming the refusal. */
function compared(answer: WorkerReply<VersusOutcome>): VersusComparison {
  if (!answer.ok) throw new Error(`expected a comparison, got ${answer.error.code}: ${answer.error.message}`);
  if (!answer.value.compared) throw new Error(`expected a comparison, got a failed run: ${answer.value.message}`);
  return answer.value;
}

describe('each profile’s meta sizing (sizedLike) and the summary budget', () => {
  it('bounds what each profile keeps beside its summary by its own settings, and the summary by the offline budget', () => {
    const settings = Object.fromEntries(profileIds.map((profile) => [profile, agentSizing(profile, 3579).settings]));
    expect(settings).toEqual({
      'auto-compactor': { force: true, keepRecentTokens: 1790, oversizedTail: 'summarize-oversized', 'offlineSummary.summaryMaxTokens': 3579 },
      'rolling-summary': { summariseAtTokens: 0, keepVerbatim: 0, historyCharCap: null, 'offlineSummary.summaryMaxTokens': 3579 },
      'two-tier': { compactStrategy: 'llm', keepLast: 0, tokenThreshold: 0, summarizeToolCalls: true, 'offlineSummary.summaryMaxTokens': 3579 },
      unified: { force: true, keepRecentTokens: 1790, 'offlineSummary.summaryMaxTokens': 3579 },
    });
  });

  it.each(profileIds)('%s: sets only its schema’s own settings, so the sized config validates (strict schemas)', (profile) => {
    for (const tokens of [1, 3579, 200_000]) {
      const parsed = parseLabConfig(sizedDocument({ profile }, agentSizing(profile, tokens)));
      expect('config' in parsed ? parsed.config.offlineSummary : parsed.issues).toEqual({ summaryMaxTokens: tokens });
    }
  });

  it('never sets a budget below 1 token, which no config accepts', () => {
    expect(agentSizing('unified', 0)).toMatchObject({ parameters: { keepRecentTokens: 1 }, summaryMaxTokens: 1 });
  });

  it('sets over the user’s config: its own values for these settings give way, every other setting stays', () => {
    const document = { profile: 'unified', keepRecentTokens: 50_000, maxPasses: 2, offlineSummary: { summaryMaxTokens: 9000 } };
    expect(sizedDocument(document, agentSizing('unified', 4000))).toEqual({ profile: 'unified', force: true, keepRecentTokens: 2000, maxPasses: 2, offlineSummary: { summaryMaxTokens: 4000 } });
    expect(sizedLikeAgent(document, 4000)?.settings).toEqual({ force: true, keepRecentTokens: 2000, 'offlineSummary.summaryMaxTokens': 4000 });
    expect(sizedLikeAgent({ profile: 'no-such-profile' }, 4000)).toBeUndefined();
    expect(describeSettings({ compactStrategy: 'llm', keepLast: 0 })).toBe('compactStrategy: llm, keepLast: 0');
  });
});

describe('compareAtCompaction sized like the agent’s summary (the real Claude Code session)', () => {
  it('runs the profile with its meta’s bounds and the agent’s summary budget over the config, and says what it set', async () => {
    const config = { profile: 'unified', keepRecentTokens: 40_000 };
    const asConfigured = compared(await compareAtCompaction(session, { config }, () => undefined));
    expect(asConfigured.run.sizing).toBe('as-configured');
    expect(asConfigured.run.sizedSettings).toBeUndefined();
    const sized = compared(await compareAtCompaction(session, { config, sizing: 'like-agent' }, () => undefined));
    const summary = sized.report.boundary.agentSummaryTokens;
    const multiple = sized.report.profile.tokens / summary;
    expect(sized.run).toMatchObject({ sizing: 'like-agent', compacted: true, sizedSettings: { force: true, keepRecentTokens: expect.any(Number), 'offlineSummary.summaryMaxTokens': expect.any(Number) } });
    expect(sized.run.note).toMatch(
      new RegExp(`^Sized like the agent's summary \\(${summary.toLocaleString('en-US')} tokens\\) in [1-${maxSizingTries}] tr(y|ies): force: true, keepRecentTokens: \\d+, offlineSummary\\.summaryMaxTokens: \\d+ set over the config; the profile's context reached ${multiple.toFixed(2).replace('.', '\\.')}× the agent's summary\\. unified ran on the 288 messages the agent held before compaction 1 \\(before message 289\\); its own gate fired \\(1 pass\\)\\.$`),
    );
    // At a comparable size: the configured tail alone is over five times the agent's summary; sized, the whole context
    // lands near it (asking for the summary's size once landed at about twice it).
    expect(asConfigured.report.profile.tokens).toBeGreaterThan(5 * summary);
    expect(multiple).toBeGreaterThan(0.8);
    expect(multiple).toBeLessThan(1.25);
  });

  it('forces the gate through the sizing itself (the agent compacted here), so no second forced run is needed', async () => {
    const sized = compared(await compareAtCompaction(session, { config: { profile: 'rolling-summary', keepVerbatim: 100_000 }, sizing: 'like-agent' }, () => undefined));
    expect(sized.run.forcedGate).toBeUndefined();
    expect(sized.run).toMatchObject({ sizing: 'like-agent', compacted: true, sizedSettings: { summariseAtTokens: 0, keepVerbatim: 0, historyCharCap: null, 'offlineSummary.summaryMaxTokens': expect.any(Number) } });
    expect(sized.run.note).toMatch(/^Sized like the agent's summary \([\d,]+ tokens\) in \d tr(y|ies): summariseAtTokens: 0, keepVerbatim: 0, historyCharCap: null, offlineSummary\.summaryMaxTokens: \d+ set over the config; the profile's context reached [\d.]+× the agent's summary\.(?: The sized run could not reach its size: [^]*? any nearer\)\.)? rolling-summary ran on .*; its own gate fired \(1 pass\)\.$/);
  });

  it('searches the size with the offline summarizer and calls a live one for the chosen size only', async () => {
    let liveCalls = 0;
    const live = { provider: 'test', modelId: 'live', summarize: async () => ((liveCalls += 1), { text: 'the live summary' }) };
    const sized = compared(await compareAtCompaction(session, { config: { profile: 'unified' }, sizing: 'like-agent' }, () => undefined, { choice: { summarizers: { main: live } } }));
    expect(sized.run.note).toMatch(/in [2-9] tries: .*; the profile's context reached [\d.]+× the agent's summary \(the size was searched with the offline summarizer; a live model writes its summary at its own length\)\./);
    expect(liveCalls).toBe(sized.run.summarizerCalls);
    expect(sized.profileContext.some((message) => message.text.includes('the live summary'))).toBe(true);
  });
});
