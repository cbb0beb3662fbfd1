import { countTranscript, fitLoggedUsage, loggedCalls, TokenCache } from '../engine';
import type { Message, Transcript } from '../engine/transcript';
import { loadTokenCounter } from '../ports/tokenizer/token-counter';
import { generateAgentCorpus } from './agent-corpus';
import { formatMs, formatTable, print, timeSync } from './timing';

/** Corpus sizes, in characters: about a quarter, a half and one million tokens. */
const corpusSizes = [1_150_000, 2_300_000, 4_600_000];

/**
 * The corpus with a logged usage on every assistant message, as an agent's log has: what a provider with a 1.3×
 * tokenizer and a 20,000-token unstored system prompt would have counted for the messages before it.
 */
function withLoggedUsage(messages: readonly Message[], perMessage: readonly number[]): Message[] {
  let seen = 0;
  return messages.map((message, index) => {
    const logged = message.role === 'assistant' ? { ...message, usage: { contextTokens: Math.round(20_000 + 1.3 * seen) } } : message;
    seen += perMessage[index];
    return logged;
  });
}

/**
 * The basis a page states its figures on: finding the logged calls and fitting overhead and calibration, on corpora
 * of ¼, ½ and 1 M tokens with thousands of logged calls. The yardstick is the exact count the fit rests on, in the
 * same process; the fit reads at most 200 calls, so its cost should stay flat while the count grows.
 */
export async function runBasisBench(): Promise<void> {
  const counter = await loadTokenCounter('o200k_base');
  const rows: string[][] = [];
  for (const size of corpusSizes) {
    const corpus = generateAgentCorpus(size);
    const plain: Transcript = { id: 'bench', source: { format: 'claude-code' }, messages: corpus.messages, markers: [], meta: {} };
    const count = timeSync(() => countTranscript(plain, counter, new TokenCache()));
    const transcript = { ...plain, messages: withLoggedUsage(corpus.messages, count.result.perMessage) };
    const fit = timeSync(() => fitLoggedUsage(loggedCalls(transcript, count.result.perMessage, count.result.system), 'o200k_base'));
    const calibration = fit.result.calibration;
    rows.push([
      `${(count.result.total / 1_000_000).toFixed(2)} M`,
      String(fit.result.overhead.calls),
      formatMs(count.durationMs),
      formatMs(fit.durationMs),
      `${((fit.durationMs / count.durationMs) * 100).toFixed(2)}%`,
      `${fit.result.overhead.providerTokens ?? '—'} / ${calibration ? calibration.ratio.toFixed(3) : '—'}`,
    ]);
  }
  print('Fitting the unstored overhead and the calibration from logged usage, against the exact count it rests on (same process).');
  print('The corpus logs 20,000 + 1.3 × our count at every call: the fit should find both.');
  print(formatTable(['tokens', 'logged calls', 'exact count', 'fit', 'fit / count', 'overhead / ratio found'], rows));
}
