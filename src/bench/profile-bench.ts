import { configuredProfile, parseLabConfig } from '../engine/headless';
import { profileIds, type ProfileId } from '../engine/profiles/meta';
import { countMessageTokens, createRunMeasurer, runProfile, TokenCache, type RunResult, type TokenCounter } from '../engine';
import type { Message } from '../engine/transcript';
import { createOfflineSummarizer } from '../providers/offline/offline-summarizer';
import { realClock } from '../ports/clock';
import { loadTokenCounter } from '../ports/tokenizer/token-counter';
import { generateAgentCorpus } from './agent-corpus';
import { formatMs, formatTable, print, timeAsync, timeSync } from './timing';

/** Settings that make each profile compact a large corpus for real (its defaults would, too, past their triggers). */
const benchConfigs: Record<ProfileId, Record<string, unknown>> = {
  'auto-compactor': { window: 200_000, estimator: 'exact' },
  'rolling-summary': {},
  'two-tier': { contextWindow: 200_000, compactStrategy: 'llm' },
  unified: { window: 200_000, estimator: 'exact' },
};

/** Corpus sizes, in characters: about a quarter, a half and one million tokens. */
const corpusSizes = [1_150_000, 2_300_000, 4_600_000];

/**
 * One run as the worker makes it: states measured exactly through the token cache the page's own count has filled
 * (`cache` is warmed before any timing), so measuring costs a hash per message it has seen before.
 */
async function runOnce(profileId: ProfileId, messages: Message[], counter: TokenCounter, cache: TokenCache): Promise<RunResult> {
  const parsed = parseLabConfig({ profile: profileId, ...benchConfigs[profileId] });
  if ('issues' in parsed) throw new Error(JSON.stringify(parsed.issues));
  const summarizer = createOfflineSummarizer();
  const { profile, parameters } = configuredProfile(parsed.config);
  return runProfile(
    profile,
    {
      messages,
      config: parameters,
      ports: { counter, clock: realClock, summarizers: { main: summarizer, smol: summarizer } },
      onEvent: () => {},
    },
    { counter, cache },
  );
}

/** What measuring a finished run's states exactly costs on its own (fresh per-message memo, warm content cache). */
function measuringMs(messages: Message[], result: RunResult, counter: TokenCounter, cache: TokenCache): number {
  return timeSync(() => createRunMeasurer({ messages }, { counter, cache }).measureResult({ ...result, exact: undefined })).durationMs;
}

/**
 * Each profile with the offline summarizer on generated agent corpora of ¼, ½ and 1 M tokens. The yardstick is one
 * exact count of the same corpus in the same process; the growth column compares each size with the one before it
 * (2.0× for a linear run on twice the input).
 */
export async function runProfileBench(): Promise<void> {
  const counter = await loadTokenCounter('o200k_base');
  const corpora = corpusSizes.map((size) => generateAgentCorpus(size));
  const rows: string[][] = [];
  const passRows: string[][] = [];
  for (const profileId of profileIds) {
    let previousMs: number | undefined;
    for (const corpus of corpora) {
      const { messages } = corpus;
      const baseline = timeSync(() => messages.reduce((sum, message) => sum + counter.count(message.blocks.map((block) => ('text' in block ? block.text : block.kind === 'tool_result' ? block.content : block.kind === 'tool_call' ? block.argsRaw : '')).join('\n')), 0));
      const cache = new TokenCache();
      for (const message of messages) countMessageTokens(message, counter, cache);
      await runOnce(profileId, messages, counter, cache);
      const timings = [];
      for (let round = 0; round < 3; round += 1) timings.push(await timeAsync(() => runOnce(profileId, messages, counter, cache)));
      timings.sort((a, b) => a.durationMs - b.durationMs);
      const { result, durationMs } = timings[1];
      rows.push([
        profileId,
        `${(baseline.result / 1_000_000).toFixed(2)} M`,
        formatMs(durationMs),
        `${(durationMs / baseline.durationMs).toFixed(1)}×`,
        formatMs(measuringMs(messages, result, counter, cache)),
        previousMs === undefined ? '—' : `${(durationMs / previousMs).toFixed(2)}×`,
        `${result.passes.length}`,
        `${result.tokensBefore.toLocaleString('en-US')} → ${result.tokensAfter.toLocaleString('en-US')}`,
        result.success ? 'ok' : `failed: ${result.error?.code ?? '?'}`,
      ]);
      previousMs = durationMs;
      if (corpus === corpora[corpora.length - 1]) {
        for (const pass of result.passes) passRows.push([profileId, String(pass.pass), pass.strategy, formatMs(pass.durationMs), `${pass.tokensBefore.toLocaleString('en-US')} → ${pass.tokensAfter.toLocaleString('en-US')}`]);
      }
    }
  }
  print('Each time is the median of 3 warm runs, states measured exactly through a cache the page\'s count warmed (as in the');
  print('worker). Yardstick: one exact o200k count of the same corpus, in the same process. "measuring": that exact');
  print('measurement of every state alone, already inside "whole run".');
  print(formatTable(['profile', 'tokens', 'whole run', 'vs one count', 'measuring', 'growth', 'passes', 'gate saw before → after', 'outcome'], rows));
  print();
  print('Passes on the 1 M-token corpus (target: a whole run under 2 s):');
  print(formatTable(['profile', 'pass', 'strategy', 'duration', 'tokens before → after'], passRows));
}
