import { countMessagesInBatches, messageText, TokenCache, type EncodingName } from '../engine';
import { loadTokenCounter } from '../ports/tokenizer/token-counter';
import { loadReferenceCounter } from '../ports/tokenizer/token-reference';
import { generateAgentCorpus } from './agent-corpus';
import { timeAsync, timeSync } from './timing';

/** What one cold start measured, as the child process reports it on stdout (one JSON line). */
export interface ColdStartResult {
  loadMs: number;
  firstCountMs: number;
  tokenCount: number;
}

/**
 * Child-process entry: `tsx src/bench/cold-start.ts <encoding> ours|reference`. A fresh process is the only honest
 * cold start: nothing compiled, no rank table, no garbage from an earlier run.
 */
async function coldStart(encoding: EncodingName, which: string): Promise<ColdStartResult> {
  const corpus = generateAgentCorpus();
  if (which === 'reference') {
    const texts = corpus.messages.map(messageText);
    const load = await timeAsync(() => loadReferenceCounter(encoding));
    const first = timeSync(() => texts.reduce((sum, text) => sum + load.result.count(text), 0));
    return { loadMs: load.durationMs, firstCountMs: first.durationMs, tokenCount: first.result };
  }
  const load = await timeAsync(() => loadTokenCounter(encoding));
  const first = timeSync(() => countMessagesInBatches(corpus.messages, load.result, () => undefined, new TokenCache()));
  return { loadMs: load.durationMs, firstCountMs: first.durationMs, tokenCount: first.result.reduce((sum, count) => sum + count, 0) };
}

const [encoding, which] = process.argv.slice(2);
process.stdout.write(`${JSON.stringify(await coldStart(encoding as EncodingName, which))}\n`);
