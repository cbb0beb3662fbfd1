import type { ReplayCompaction, ReplayReport, TokenCache } from '../engine';
import type { Transcript } from '../engine/transcript';
import type { ProviderKeyStore } from '../lab/provider-keys';
import { createWorkerSummarizers, deliverSafely } from '../lab/provider-summarizers';
import { replayTranscript } from '../lab/replay';
import { loadPriceBook } from '../providers/prices/price-book';
import type { LabWorkerApi } from '../worker-client/lab-worker-api';
import type { OpenedReplayCompaction, ReplayCompactionView, ReplayId, ReplayOutcome, ReplayView } from '../worker-client/replay-protocol';
import type { createHeldResults } from './held-results';
import { createHeldReplays, type HeldReplay } from './held-replays';
import { engineRefusal, labRefusal, replayNotHeld, reply } from './worker-replies';

/** What the replay methods share with the rest of the worker: its transcripts, held results, keys and token cache. */
interface ReplayWorkerParts {
  /** The transcript held under a key; throws the worker's refusal when it is no longer held. */
  transcriptOf(transcriptKey: string): Transcript;
  /** Holds a transcript under a key, as an import does, so counts, breakdowns and predictions find it by that key. */
  registerTranscript(transcriptKey: string, transcript: Transcript): void;
  forgetTranscript(transcriptKey: string): void;
  results: ReturnType<typeof createHeldResults>;
  keys: ProviderKeyStore;
  cache: TokenCache;
}

type ReplayMethods = Pick<LabWorkerApi, 'replaySession' | 'openReplayCompaction' | 'cancelReplays'>;

/** The worker key of a replayed compaction's input context (one per replay and compaction, so opening again reuses it). */
function contextKey(replayId: ReplayId, ordinal: number): string {
  return `${replayId}/compaction-${ordinal}`;
}

/** A compaction as the page sees it: every figure, without its input context and run (whole message lists). */
function compactionView(compaction: ReplayCompaction): ReplayCompactionView {
  const view: ReplayCompactionView & Partial<Pick<ReplayCompaction, 'input' | 'run'>> = { ...compaction };
  delete view.input;
  delete view.run;
  return view;
}

/** The report as the page sees it: the compactions' message lists stay in the worker until one is opened. */
function reportView(report: ReplayReport): ReplayView {
  return { ...report, compactions: report.compactions.map(compactionView) };
}

/**
 * A replayed compaction's input as a transcript of its own: the session's system prompt, source and meta, with the
 * context the compaction started from as its messages and none of the agent's own compaction markers (they mark
 * places in the whole session, not in this context).
 */
function contextTranscript(session: Transcript, compaction: ReplayCompaction): Transcript {
  return {
    ...session,
    id: `${session.id}#replay-compaction-${compaction.ordinal}`,
    source: { ...session.source, runLabel: `compaction ${compaction.ordinal} of the replay` },
    messages: compaction.input,
    markers: [],
  };
}

/**
 * The worker's session replay (issue 18): replays held by id (an LRU of four), each compaction opened on demand as a
 * transcript and a held result of its own. Replays do not supersede each other — A/B over the session runs two at once
 * — so `cancelReplays` stops every running one. `clear` forgets every held replay (a newer import replaced its session).
 */
export function createReplayApi(parts: ReplayWorkerParts): ReplayMethods & { clear(): void } {
  const replays = createHeldReplays(undefined, (replayId, dropped) => {
    for (const compaction of dropped.report.compactions) parts.forgetTranscript(contextKey(replayId, compaction.ordinal));
  });
  const running = new Set<AbortController>();

  /** The held result of an opened compaction, reused while the worker still holds it. */
  function heldResultOf(held: HeldReplay, compaction: ReplayCompaction, context: Transcript) {
    const known = held.openedResults.get(compaction.ordinal);
    if (known !== undefined && parts.results.get(known)) return known;
    const resultId = parts.results.hold({ transcript: context, result: compaction.run, config: held.config });
    held.openedResults.set(compaction.ordinal, resultId);
    return resultId;
  }

  return {
    replaySession: (request, onProgress, onDelta, onCall) =>
      reply(async (): Promise<ReplayOutcome> => {
        const transcript = parts.transcriptOf(request.transcriptKey);
        const pricesLoading = loadPriceBook(request.prices);
        const built = request.providers ? createWorkerSummarizers(request.providers, parts.keys, { onDelta, onCall }, pricesLoading) : undefined;
        // A replay refused before it ran has no report to show: the reply's error says why.
        if (built && 'error' in built) throw labRefusal(built.error);
        const controller = new AbortController();
        running.add(controller);
        try {
          // The catalog with the user's overrides prices every live call of the replay, smol and main each at its own
          // price. It loads once the replay is registered, so a cancel while it loads still stops this replay; a catalog
          // that failed to load leaves the calls' cost unknown rather than failing the replay.
          let costProblem = 'The replay was not priced.';
          const prices = await pricesLoading.catch((error: unknown) => {
            costProblem = `The price catalog could not be loaded (${error instanceof Error ? error.message : String(error)}): cost unknown.`;
            return undefined;
          });
          const { config, encoding, runAnyway, allowCallbacks } = request;
          const outcome = await replayTranscript(
            transcript,
            { config, encoding, runAnyway, allowCallbacks },
            { signal: controller.signal, choice: built?.choice, cache: parts.cache, prices, onProgress: deliverSafely(onProgress) },
          );
          if ('error' in outcome) throw labRefusal(outcome.error);
          const held: HeldReplay = { transcript, transcriptKey: request.transcriptKey, report: outcome.report, config, encoding: encoding ?? 'o200k_base', openedResults: new Map() };
          return { replayId: replays.hold(held), report: reportView(outcome.report), ...(outcome.cost ? { cost: outcome.cost } : { costProblem }) };
        } finally {
          running.delete(controller);
        }
      }),
    openReplayCompaction: (replayId, ordinal) =>
      reply((): OpenedReplayCompaction => {
        const held = replays.get(replayId);
        if (!held) throw replayNotHeld();
        const compaction = held.report.compactions.find((candidate) => candidate.ordinal === ordinal);
        if (!compaction) {
          const made = held.report.compactions.length;
          throw engineRefusal('unknown-result', `This replay has no compaction ${ordinal}: it made ${made === 1 ? 'one' : made}.`);
        }
        const context = contextTranscript(held.transcript, compaction);
        const transcriptKey = contextKey(replayId, ordinal);
        parts.registerTranscript(transcriptKey, context);
        return {
          resultId: heldResultOf(held, compaction, context),
          result: compaction.run,
          context,
          transcriptKey,
          ofTranscriptKey: held.transcriptKey,
          ordinal,
          atMessage: compaction.atMessage,
          profile: held.report.profile,
          inputKind: held.report.compactionInput,
          config: held.config,
          encoding: held.encoding,
        };
      }),
    cancelReplays: () =>
      reply(() => {
        for (const controller of running) controller.abort();
      }),
    clear: () => replays.clear(),
  };
}
