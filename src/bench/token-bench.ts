import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { countMessagesInBatches, messageText, TokenCache, type EncodingName, type TokenCounter } from '../engine';
import { loadTokenCounter } from '../ports/tokenizer/token-counter';
import { loadReferenceCounter } from '../ports/tokenizer/token-reference';
import { generateAgentCorpus } from './agent-corpus';
import type { ColdStartResult } from './cold-start';
import { pathologicalInputs } from './pathological-inputs';
import { formatMs, formatTable, print, timeAsync, timeSync } from './timing';

/** Characters of each pathological input the baseline gets: it is quadratic, the full megabyte would take minutes. */
const baselineSliceChars = 3000;
const warmRuns = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * The token benchmark: an agent-like corpus of ≥ 1 M tokens counted by the worker's code path (loadTokenCounter +
 * batched accounting, fresh cache) against js-tiktoken `encode` per message, cold and warm, with a per-message
 * equality check; then the pathological megabytes.
 */
export async function runTokenBench(encodings: readonly EncodingName[] = ['o200k_base', 'cl100k_base']): Promise<void> {
  const { result: corpus, durationMs: corpusMs } = timeSync(() => generateAgentCorpus());
  const texts = corpus.messages.map(messageText);
  print(`Corpus: ${corpus.messages.length.toLocaleString('en-US')} messages, ${corpus.characterCount.toLocaleString('en-US')} chars (generated in ${formatMs(corpusMs)}).`);
  print('Cold = a fresh Node process: dynamic import of the rank table, building its index, first count of the corpus.');
  print('Warm = same process, median of 3 runs, each with a fresh count cache (so every message is tokenized).');
  for (const encoding of encodings) {
    print();
    print(`== ${encoding} ==`);
    const count = (counter: TokenCounter, cache = new TokenCache()) =>
      countMessagesInBatches(corpus.messages, counter, () => undefined, cache);
    const oursCold = measureColdStart(encoding, 'ours');
    const referenceCold = measureColdStart(encoding, 'reference');
    const oursLoad = await timeAsync(() => loadTokenCounter(encoding));
    const oursFirst = timeSync(() => count(oursLoad.result));
    const oursWarm = median(Array.from({ length: warmRuns }, () => timeSync(() => count(oursLoad.result)).durationMs));
    const cache = new TokenCache();
    count(oursLoad.result, cache);
    const cached = timeSync(() => count(oursLoad.result, cache));
    const referenceLoad = await timeAsync(() => loadReferenceCounter(encoding));
    const referenceFirst = timeSync(() => texts.map((text) => referenceLoad.result.count(text)));
    const referenceWarm = referenceFirst.durationMs > 8000 ? referenceFirst : timeSync(() => texts.map((text) => referenceLoad.result.count(text)));
    const ours = oursFirst.result;
    const reference = referenceFirst.result;
    const mismatches = ours.filter((tokenCount, index) => tokenCount !== reference[index]).length;
    const totalTokens = ours.reduce((sum, tokenCount) => sum + tokenCount, 0);
    const referenceTotal = reference.reduce((sum, tokenCount) => sum + tokenCount, 0);
    const perMillion = (durationMs: number) => formatMs((durationMs * 1e6) / totalTokens);
    const oursColdMs = oursCold.loadMs + oursCold.firstCountMs;
    const referenceColdMs = referenceCold.loadMs + referenceCold.firstCountMs;
    const coldTotalsAgree = oursCold.tokenCount === totalTokens && referenceCold.tokenCount === referenceTotal;
    print(`Tokens: ours ${totalTokens.toLocaleString('en-US')}, js-tiktoken ${referenceTotal.toLocaleString('en-US')}; ` +
      `messages with different counts: ${mismatches} ${mismatches === 0 ? '(identical)' : '(NOT IDENTICAL)'}.`);
    print(formatTable(
      ['corpus', 'ours', 'js-tiktoken', 'speed-up', 'ours per 1M tokens'],
      [
        ['cold: init (rank table load)', formatMs(oursCold.loadMs), formatMs(referenceCold.loadMs), ratio(referenceCold.loadMs, oursCold.loadMs), ''],
        ['cold: first count', formatMs(oursCold.firstCountMs), formatMs(referenceCold.firstCountMs), ratio(referenceCold.firstCountMs, oursCold.firstCountMs), perMillion(oursCold.firstCountMs)],
        ['cold: init + first count', formatMs(oursColdMs), formatMs(referenceColdMs), ratio(referenceColdMs, oursColdMs), perMillion(oursColdMs)],
        ['warm (fresh count cache)', formatMs(oursWarm), formatMs(referenceWarm.durationMs), ratio(referenceWarm.durationMs, oursWarm), perMillion(oursWarm)],
        ['re-count, all cached', formatMs(cached.durationMs), '', '', perMillion(cached.durationMs)],
      ],
    ));
    if (!coldTotalsAgree) print('WARNING: the cold-start processes counted different totals.');
    print(`Targets: warm ≤ 500 ms and cold ≤ 800 ms per 1M tokens, ≥ 3x the baseline, identical counts.`);
    print();
    printPathological(oursLoad.result, referenceLoad.result);
  }
}

/** Runs cold-start.ts in a fresh Node process (same tsx loader as this one). */
function measureColdStart(encoding: EncodingName, which: 'ours' | 'reference'): ColdStartResult {
  const script = fileURLToPath(new URL('./cold-start.ts', import.meta.url));
  const output = execFileSync(process.execPath, ['--import', 'tsx', script, encoding, which], { encoding: 'utf8' });
  return JSON.parse(output.trim().split('\n').pop() ?? '{}') as ColdStartResult;
}

function ratio(baselineMs: number, oursMs: number): string {
  return `${(baselineMs / oursMs).toFixed(1)}x`;
}

function printPathological(ours: TokenCounter, reference: TokenCounter): void {
  const rows = pathologicalInputs().map(({ name, text, byteCount }) => {
    const full = timeSync(() => ours.count(text));
    const slice = text.slice(0, baselineSliceChars);
    const oursSlice = timeSync(() => ours.count(slice));
    const referenceSlice = timeSync(() => reference.count(slice));
    return [
      name,
      `${(byteCount / 1048576).toFixed(2)} MB`,
      formatMs(full.durationMs),
      full.result.toLocaleString('en-US'),
      formatMs(oursSlice.durationMs),
      formatMs(referenceSlice.durationMs),
      oursSlice.result === referenceSlice.result ? 'identical' : `DIFFERENT ${oursSlice.result} vs ${referenceSlice.result}`,
    ];
  });
  print(`Pathological input (target: none over 2,000 ms). The baseline only gets the first ${baselineSliceChars.toLocaleString('en-US')} chars: it is`);
  print('quadratic on such runs (16K letters ≈ 17 s), so the full megabyte would take minutes to hours.');
  print(formatTable(['input', 'size', 'ours, full', 'tokens', `ours, ${baselineSliceChars} chars`, `js-tiktoken, ${baselineSliceChars} chars`, 'slice counts'], rows));
}
