import { contextBasis, countTranscript, fitLoggedUsage, loggedCalls, replayCost, TokenCache, type ReplayReport } from '../engine';
import type { Message, Transcript } from '../engine/transcript';
import { profileIds } from '../engine/profiles/meta';
import { replayTranscript } from '../lab/replay';
import { loadTokenCounter } from '../ports/tokenizer/token-counter';
import { loadPriceBook } from '../providers/prices/price-book';
import { generateAgentCorpus } from './agent-corpus';
import { benchConfigs, medianRun, rounds } from './replay-runs';
import { formatMs, formatTable, print, timeSync } from './timing';

/** The system prompt and tools a real Claude Code call carries that the corpus does not store, in provider tokens. */
const overheadTokens = 20_000;

/**
 * The bench corpus dressed as a Claude Code session, so the cost model takes its real path: each assistant message a
 * call of `claude-opus-4-6` 30 s after the previous one, logging a context of the overhead plus every earlier message
 * (read from the cache up to the previous call's context, the rest written) and its own size as output.
 */
function dressedAsSession(messages: readonly Message[], perMessage: readonly number[]): Message[] {
  let context = overheadTokens;
  let previous = 0;
  const start = Date.UTC(2026, 0, 1);
  return messages.map((message, index) => {
    const at = new Date(start + index * 30_000).toISOString();
    const dressed: Message = { ...message, createdAt: at };
    if (message.role === 'assistant') {
      const read = previous === 0 ? overheadTokens : previous;
      dressed.model = 'claude-opus-4-6';
      dressed.usage = { inputTokens: 3, cacheReadTokens: read, cacheWriteTokens: context - read, outputTokens: perMessage[index], contextTokens: context + 3 };
      previous = context;
    }
    context += perMessage[index] ?? 0;
    return dressed;
  });
}

/**
 * The cost model (issue 28) against the replay it prices, in the same process: the generated 1 M-token corpus dressed
 * with logged usage and timestamps, each profile replayed with and without a price book (the difference is the cost
 * model: the agent check, the policy's calls through the cache model, the summarizers priced), and `replayCost` alone
 * on the finished report.
 */
export async function runCostBench(): Promise<void> {
  const counter = await loadTokenCounter('o200k_base');
  const corpus = generateAgentCorpus();
  const plain: Transcript = { id: 'bench', source: { format: 'claude-code' }, messages: corpus.messages, markers: [], meta: {} };
  const cache = new TokenCache();
  const counted = countTranscript(plain, counter, cache);
  const transcript: Transcript = { ...plain, messages: dressedAsSession(plain.messages, counted.perMessage) };
  const priceBook = await loadPriceBook();
  const usage = fitLoggedUsage(loggedCalls(transcript, counted.perMessage, counted.system), counter.encoding);
  const basis = contextBasis(counter.encoding, usage, true);
  const rows: string[][] = [];
  for (const profileId of profileIds) {
    const request = { config: benchConfigs[profileId], retention: false };
    const replay = async (withCost: boolean): Promise<ReplayReport> => {
      const outcome = await replayTranscript(transcript, request, { cache, ...(withCost ? { prices: priceBook } : {}) });
      if ('error' in outcome) throw new Error(`${profileId} replay: ${outcome.error.code}: ${outcome.error.message}`);
      return outcome.report;
    };
    await replay(true);
    const without = await medianRun(() => replay(false));
    const withCost = await medianRun(() => replay(true));
    const report = without.result;
    const alone = [0, 1, 2].map(() => timeSync(() => replayCost({ report, transcript, counts: counted, basis, prices: priceBook }))).sort((a, b) => a.durationMs - b.durationMs)[1];
    rows.push([
      profileId,
      `${report.totals.compactions}`,
      `${alone.result.policy.calls.toLocaleString('en-US')}`,
      formatMs(without.durationMs),
      formatMs(withCost.durationMs),
      `${(((withCost.durationMs - without.durationMs) / without.durationMs) * 100).toFixed(1)}%`,
      formatMs(alone.durationMs),
      `${((alone.durationMs / without.durationMs) * 100).toFixed(1)}%`,
    ]);
  }
  print(`Corpus: ${counted.total.toLocaleString('en-US')} o200k tokens, ${transcript.messages.length.toLocaleString('en-US')} messages, dressed as a Claude Code session (every assistant message a logged call of claude-opus-4-6, 30 s apart); offline summarizer, no retention.`);
  print(`Replays are the median of ${rounds} warm runs through a warm token cache; "cost model alone" is the median of 3 runs of replayCost on the finished report.`);
  print(formatTable(['profile', 'compactions', 'calls priced', 'replay', 'replay + cost', 'cost adds', 'cost model alone', 'alone / replay'], rows));
  print('"cost adds" is the difference of two medians, within the run-to-run noise of a shared machine (it can come out negative);');
  print('"cost model alone" is the cost model\'s own time. Target (issue 28): the cost model adds at most 20% to a replay.');
}
