import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importText, isJsonObject, type Fate, type Message, type PassSnapshot, type RunResult, type TokenCounter } from '../engine';
import type { ConfigDocument } from '../engine/config';
import type { ProfileId } from '../engine/profiles/meta';
import type { VersusComparison } from '../worker-client/versus-protocol';
import { compareAtCompaction } from './versus';
import { maxSizingTries, searchAgentSizing } from './versus-size-search';

/** One token a character, so a context's tokens are its text's length. */
const counter: TokenCounter = { encoding: 'o200k_base', count: (text) => text.length };

/**
 * A successful one-pass run whose context is `tokens` long, `keptTokens` of them a verbatim message beside the summary;
 * `isBroken` keeps the source message (replaced nothing).
 */
function runOf(tokens: number, isBroken = false, keptTokens = 0): { result: RunResult } {
  const summary: Message = { id: 's1', role: 'user', origin: 'summary', blocks: [{ kind: 'text', text: 's'.repeat(tokens - keptTokens) }], sourceRef: {}, raw: null };
  const kept: Message[] = keptTokens > 0 ? [{ id: 'm2', role: 'assistant', origin: 'model', blocks: [{ kind: 'text', text: 'k'.repeat(keptTokens) }], sourceRef: {}, raw: null }] : [];
  const fate: Fate = isBroken ? { kind: 'kept' } : { kind: 'summarized', summaryId: 's1' };
  const pass: PassSnapshot = {
    pass: 1, tokensBefore: 20_000, tokensAfter: tokens, strategy: 'llm-summary', attempts: 1, ok: true, messages: [summary, ...kept], fates: { m1: fate }, insertions: [{ id: 's1', kind: 'summary' }],
    lint: { orphanResults: [], unansweredCalls: [], adjacencyBreaks: [] }, flags: [], durationMs: 1,
  };
  return { result: { profile: 'unified', success: true, cancelled: false, tokensBefore: 20_000, tokensAfter: tokens, passes: [pass], summarizerCalls: 1, messages: [summary, ...kept], exact: { before: 20_000, after: tokens, encoding: 'o200k_base' } } };
}

/** The figure a try asked for: the offline summary's budget the sizing set. */
function askedFigure(document: ConfigDocument): number {
  const budget = isJsonObject(document.offlineSummary) ? document.offlineSummary.summaryMaxTokens : undefined;
  return typeof budget === 'number' ? budget : Number.NaN;
}

describe('searchAgentSizing', () => {
  it('never keeps a broken run as the nearest: it stops there and keeps the nearest run that compacted', async () => {
    const asked: number[] = [];
    const search = await searchAgentSizing({ profile: 'unified' }, 1000, counter, async (document) => {
      asked.push(askedFigure(document));
      // The first try lands at 3×; the next one is exactly on the target but replaced nothing.
      return asked.length === 1 ? runOf(3000) : runOf(1000, true);
    });
    if (!search || 'failed' in search) throw new Error('expected a search');
    expect(asked).toHaveLength(2);
    expect(search.chosen.tokens).toBe(3000);
    expect(search.landing).toBe('far');
    expect(search.outcome).toMatch(/^The sized run could not reach its size: its 2 tries landed between 1,000 and 3,000 tokens, so it stays above the target at 3,000 tokens, 3\.00× the 1,000-token target/);
  });

  it('says in words that the only run it made is broken, in the engine\'s own words', async () => {
    const search = await searchAgentSizing({ profile: 'unified' }, 1000, counter, async () => runOf(1000, true));
    if (!search || 'failed' in search) throw new Error('expected a search');
    expect(search.landing).toBe('broken');
    expect(search.tries).toBe(1);
    expect(search.outcome).toBe('The sized run is broken at 1,000 tokens, 1.00× the 1,000-token target: The run reported success but replaced nothing: no message of the history was summarized, masked, cut, trimmed or dropped.');
  });

  it('never settles for a try over the target when it can narrow to one at most the target', async () => {
    const asked: number[] = [];
    // The context is 1.06× the figure asked for: the first try lands 6 % over, within the band but over the agent.
    const search = await searchAgentSizing({ profile: 'unified' }, 1000, counter, async (document) => {
      const figure = askedFigure(document);
      asked.push(figure);
      return runOf(Math.round(1.06 * figure));
    });
    if (!search || 'failed' in search) throw new Error('expected a search');
    expect(asked[0]).toBe(1000);
    expect(asked.length).toBeGreaterThan(1);
    expect(search.chosen.tokens).toBeLessThanOrEqual(1000);
    expect(search.chosen.tokens).toBeGreaterThanOrEqual(900);
    expect(search.landing).toBe('near');
  });

  it('narrows in between a try under the target and one over it, where a kept tail jumps past the target both ways', async () => {
    // Under a figure of 1,200 the tail holds nothing and the summary writes 0.7 of its budget; from 1,200 on a
    // 1,500-token message joins the tail. Scaling alone bounces between 700 and 2,929 tokens.
    const asked: number[] = [];
    const search = await searchAgentSizing({ profile: 'unified' }, 1000, counter, async (document) => {
      const figure = askedFigure(document);
      asked.push(figure);
      return runOf(figure < 1200 ? Math.round(0.7 * figure) : figure + 1500);
    });
    if (!search || 'failed' in search) throw new Error('expected a search');
    expect(asked.length).toBeLessThanOrEqual(maxSizingTries);
    expect(search.multiple).toBeGreaterThanOrEqual(0.8);
    expect(search.multiple).toBeLessThanOrEqual(1.25);
    expect(search.landing).toBe('near');
    expect(search.outcome).toMatch(/^The sized run reached \d[\d,]* tokens, 0\.\d\d× the 1,000-token target\.$/);
  });

  it('stops when what the profile keeps verbatim is alone over the target, rather than starving the summary', async () => {
    const asked: number[] = [];
    // A verbatim turn of 4,500 tokens stays whatever the figure; the summary writes 0.8 of its budget.
    const search = await searchAgentSizing({ profile: 'rolling-summary' }, 2000, counter, async (document) => {
      const figure = askedFigure(document);
      asked.push(figure);
      return runOf(4500 + Math.round(0.8 * figure), false, 4500);
    });
    if (!search || 'failed' in search) throw new Error('expected a search');
    expect(asked).toEqual([2000]);
    expect(search.chosen.tokens).toBe(6100);
    expect(search.outcome).toBe('The sized run could not reach its size: the messages it keeps verbatim beside its summary are 4,500 tokens alone, over the 2,000-token target, so no summary budget brings it nearer; it stays at 6,100 tokens, 3.05× the 2,000-token target.');
  });

  it('says it could not reach its size when the profile\'s context does not follow the figure', async () => {
    const search = await searchAgentSizing({ profile: 'two-tier' }, 1000, counter, async () => runOf(500));
    if (!search || 'failed' in search) throw new Error('expected a search');
    expect(search.tries).toBe(2);
    expect(search.landing).toBe('far');
    expect(search.outcome).toBe("The sized run could not reach its size: every try landed at 500 tokens, so it stays below the target at 500 tokens, 0.50× the 1,000-token target (the profile's context does not follow its size settings any nearer).");
  });
});

/**
 * A real session of the development corpus (e2e/fixtures/compactions, sources in its NOTICE.md): at the agent's first
 * compaction its history ends with an edit call and the edit's result, together larger than the agent's 2,368-token
 * summary and each larger than half of it (the tail a sized run keeps).
 */
const oversizedTailFile = 'claude-code__entire-43b2bd6e-ccc5-4d83-bbe5-9cd1cd19cc82.jsonl';
const oversizedTail = importText(readFileSync(path.join(import.meta.dirname, '..', '..', 'e2e', 'fixtures', 'compactions', oversizedTailFile), 'utf8'), { fileName: oversizedTailFile }).transcripts[0];

/** The comparison at the agent's first compaction, sized like its summary, or a failed expectation. */
async function sizedAtFirstCompaction(profile: ProfileId): Promise<VersusComparison> {
  const answer = await compareAtCompaction(oversizedTail, { config: { profile }, boundary: 1, sizing: 'like-agent' }, () => undefined);
  if (!answer.ok || !answer.value.compared) throw new Error(`expected a comparison for ${profile}`);
  return answer.value;
}

describe('sized like the agent on a real history ending with a tool result larger than the sized tail', () => {
  const brokenKinds = ['replaced-nothing', 'history-wiped'];

  it.each(['auto-compactor', 'unified'] as const)('%s compacts near its target: the summary takes the large call and result the tail cannot hold', async (profile) => {
    const sized = await sizedAtFirstCompaction(profile);
    const multiple = sized.report.profile.tokens / sized.report.boundary.agentSummaryTokens;
    expect(multiple).toBeGreaterThan(0.7);
    expect(multiple).toBeLessThan(1.25);
    expect(sized.run.flags.map((flag) => flag.kind).filter((kind) => brokenKinds.includes(kind))).toEqual([]);
    // No message of the history stays verbatim, the edit's call and result included: the summary holds the edited file.
    expect(sized.profileContext.filter((message) => message.origin !== 'summary' && message.origin !== 'injected')).toEqual([]);
    expect(sized.profileContext.some((message) => message.origin === 'summary' && message.text.includes('cmd/entire/cli/list/view.go'))).toBe(true);
  }, 60_000);

  it.each(['two-tier', 'rolling-summary'] as const)('%s never ends broken, and says in words when it cannot reach its size', async (profile) => {
    const sized = await sizedAtFirstCompaction(profile);
    const multiple = sized.report.profile.tokens / sized.report.boundary.agentSummaryTokens;
    expect(sized.run.flags.map((flag) => flag.kind).filter((kind) => brokenKinds.includes(kind))).toEqual([]);
    if (multiple < 0.8 || multiple > 1.25) expect(sized.run.note).toMatch(/ The sized run could not reach its size: .* (?:so it stays (?:below|above) the target at|it stays at) [\d,]+ tokens, [\d.]+× the 2,368-token target/);
  }, 60_000);
});
