import { countTranscript, TokenCache, type ReplayReport } from '../engine';
import type { Transcript } from '../engine/transcript';
import { profileIds, type ProfileId } from '../engine/profiles/meta';
import { runCompaction } from '../lab/run-compaction';
import { loadTokenCounter } from '../ports/tokenizer/token-counter';
import { generateAgentCorpus } from './agent-corpus';
import { benchConfigs, medianRun, prefixTranscript, replayOnce, rounds } from './replay-runs';
import { formatMs, formatTable, print, timeAsync } from './timing';

/** The cache's hit rate over the lookups since `before` was read. */
function hitRate(cache: TokenCache, before: { hits: number; misses: number }): string {
  const hits = cache.hits - before.hits;
  const lookups = hits + cache.misses - before.misses;
  return lookups === 0 ? '—' : `${((hits / lookups) * 100).toFixed(1)}%`;
}

function ratio(part: number, whole: number): string {
  return `${(part / whole).toFixed(1)}×`;
}

/**
 * Session replay (issue 18) against one compaction run of the same corpus, per profile, in the same process: the
 * generated 1 M-token agent corpus, offline summarizer, states counted exactly through a token cache the page's count
 * warmed. Then the replay's growth on prefixes of ⅛, ¼, ½ and all of the corpus's messages.
 */
export async function runReplayBench(): Promise<void> {
  const counter = await loadTokenCounter('o200k_base');
  const corpus = generateAgentCorpus();
  const transcript: Transcript = { id: 'bench', source: { format: 'plain-text' }, messages: corpus.messages, markers: [], meta: {} };
  const cache = new TokenCache();
  const counted = countTranscript(transcript, counter, cache);
  const rows: string[][] = [];
  const full = new Map<ProfileId, { result: ReplayReport; durationMs: number }>();
  for (const profileId of profileIds) {
    const config = benchConfigs[profileId];
    // Warm-up of the code paths, and what a replay costs when nothing was counted before: a fresh cache.
    const coldCache = new TokenCache();
    const cold = await timeAsync(() => replayOnce(transcript, profileId, coldCache, true));
    await runCompaction(transcript, { config }, () => {}, { cache });
    const single = await medianRun(() => runCompaction(transcript, { config }, () => {}, { cache }));
    const before = { hits: cache.hits, misses: cache.misses };
    const withRetention = await medianRun(() => replayOnce(transcript, profileId, cache, true));
    const warmHitRate = hitRate(cache, before);
    const without = await medianRun(() => replayOnce(transcript, profileId, cache, false));
    const totals = withRetention.result.totals;
    full.set(profileId, withRetention);
    rows.push([
      profileId,
      `${single.result.passes.length}${single.result.success ? '' : ' (failed)'}`,
      formatMs(single.durationMs),
      `${totals.compactions}${totals.failedCompactions > 0 ? ` (${totals.failedCompactions} failed)` : ''}`,
      totals.peakTokens.toLocaleString('en-US'),
      formatMs(withRetention.durationMs),
      ratio(withRetention.durationMs, single.durationMs),
      formatMs(without.durationMs),
      ratio(without.durationMs, single.durationMs),
      warmHitRate,
      `${formatMs(cold.durationMs)} / ${hitRate(coldCache, { hits: 0, misses: 0 })}`,
    ]);
  }
  print(`Corpus: ${(corpus.characterCount / 1_000_000).toFixed(1)} M characters, ${counted.total.toLocaleString('en-US')} o200k tokens, ${transcript.messages.length.toLocaleString('en-US')} messages; offline summarizer.`);
  print(`Each time is the median of ${rounds} warm runs in this process, counted through a token cache the page's count warmed`);
  print('(as in the worker). "single run": one runCompaction of the whole corpus; "replay": replayTranscript of it with the same');
  print('config, with and without retention measurement; "cold": one replay with a fresh cache (it also warmed the code up).');
  print(formatTable(
    ['profile', 'single passes', 'single run', 'compactions', 'peak tokens', 'replay', 'replay / single', 'replay, no retention', 'no retention / single', 'cache hits', 'cold replay / hits'],
    rows,
  ));
  print('Target (issue 18): a replay of this corpus within 10× one compaction run of it, and within 5 s on this machine.');
  print();
  const growthRows: string[][] = [];
  const prefixes = [8, 4, 2].map((divisor) => prefixTranscript(transcript, divisor, counted.perMessage));
  for (const profileId of profileIds) {
    let previousMs: number | undefined;
    const sizes = [...prefixes.map((prefix) => ({ ...prefix, run: () => medianRun(() => replayOnce(prefix.transcript, profileId, cache, true)) })), { transcript, tokens: counted.total, run: async () => full.get(profileId) }];
    for (const [index, size] of sizes.entries()) {
      const measured = await size.run();
      if (!measured) continue;
      growthRows.push([
        index === 0 ? profileId : '',
        ['⅛', '¼', '½', '1'][index],
        size.transcript.messages.length.toLocaleString('en-US'),
        size.tokens.toLocaleString('en-US'),
        `${measured.result.totals.compactions}`,
        formatMs(measured.durationMs),
        previousMs === undefined ? '—' : `${(measured.durationMs / previousMs).toFixed(2)}×`,
      ]);
      previousMs = measured.durationMs;
    }
  }
  print('Growth per doubling: the replay (retention measured) on the first ⅛, ¼, ½ and all of the messages (cut before a');
  print(`human message); median of ${rounds} warm runs (the code warmed above), the full row is the one above. 2.0× per doubling is linear.`);
  print(formatTable(['profile', 'share', 'messages', 'tokens', 'compactions', 'replay', 'growth'], growthRows));
}
