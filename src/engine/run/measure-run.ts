import { countMessageOnce } from '../tokens/accounting';
import type { TokenCache } from '../tokens/token-cache';
import type { TokenCounter } from '../tokens/token-counter';
import type { Message } from '../transcript/model';
import type { CompactionEvent, EventSink, PassSnapshot, RunResult } from './events';
import type { Fate } from '../transcript/fates';

/** The counter (and cache) a run's states are counted with: the page's encoding, so run figures match the page's. */
export interface RunMeasure {
  counter: TokenCounter;
  cache?: TokenCache;
}

/** A measured state: its exact tokens and the fates that led to it. */
interface MeasuredState {
  tokens: number;
  fates: Record<string, Fate>;
}

/** What the measurer needs of the run's input. */
interface MeasuredInput {
  system?: Message;
  messages: readonly Message[];
}

function sameFate(left: Fate | undefined, right: Fate | undefined): boolean {
  if (left === undefined || right === undefined) return left === right;
  return JSON.stringify(left) === JSON.stringify(right);
}

/**
 * Counts every state of a run exactly and writes the counts onto its events and result: `exactTokens` on `run-start`
 * and `gate`, `exactTokensBefore` on `pass-start`, `exact` on each snapshot and on the result. A pass that changed the
 * fate of no source message and left the context no smaller is flagged `no-op`. Snapshots and results are copied,
 * never changed: the profile keeps reading its own objects.
 */
export function createRunMeasurer(input: MeasuredInput, measure: RunMeasure) {
  const countMessage = (message: Message): number => countMessageOnce(message, measure.counter, measure.cache);
  const systemTokens = input.system ? countMessage(input.system) : 0;
  const countState = (messages: readonly Message[]): number => messages.reduce((sum, message) => sum + countMessage(message), systemTokens);
  let originalTokens: number | undefined;
  const original = (): number => (originalTokens ??= countState(input.messages));
  const sourceIds = input.messages.map((message) => message.id);
  const measuredResults = new Map<RunResult, RunResult>();
  /** The state the next emitted pass starts from: the original, then each emitted pass's output. */
  let current: MeasuredState | undefined;

  /** A pass measured against the state it started from (`previous`; the original when undefined). */
  const measurePass = (snapshot: PassSnapshot, previous: MeasuredState | undefined): { measured: PassSnapshot; state: MeasuredState } => {
    const before = previous?.tokens ?? original();
    const after = countState(snapshot.messages);
    const hasChangedSource = sourceIds.some((id) => !sameFate(previous?.fates[id] ?? { kind: 'kept' }, snapshot.fates[id]));
    const isNoOp = !hasChangedSource && after >= before;
    const measured: PassSnapshot = { ...snapshot, exact: { before, after }, flags: isNoOp ? [...snapshot.flags, 'no-op'] : snapshot.flags };
    return { measured, state: { tokens: after, fates: snapshot.fates } };
  };

  /** The result with every pass measured in order from the original, whatever the events showed (a message's count is memoized). */
  const measureResult = (result: RunResult): RunResult => {
    const known = measuredResults.get(result);
    if (known) return known;
    let previous: MeasuredState | undefined;
    const passes = result.passes.map((snapshot) => {
      const { measured, state } = measurePass(snapshot, previous);
      previous = state;
      return measured;
    });
    const measured: RunResult = { ...result, passes, exact: { encoding: measure.counter.encoding, before: original(), after: countState(result.messages), ...(systemTokens > 0 ? { system: systemTokens } : {}) } };
    measuredResults.set(result, measured);
    return measured;
  };

  const measureEvent = (event: CompactionEvent): CompactionEvent => {
    switch (event.type) {
      case 'run-start':
        return { ...event, exactTokens: original() };
      case 'gate':
        return { ...event, exactTokens: current?.tokens ?? original() };
      case 'pass-start':
        return { ...event, exactTokensBefore: current?.tokens ?? original() };
      case 'pass-end': {
        const { measured, state } = measurePass(event.snapshot, current);
        current = state;
        return { ...event, snapshot: measured };
      }
      case 'run-end':
        return { ...event, result: measureResult(event.result) };
      default:
        return event;
    }
  };

  return {
    /** The sink to hand the profile: each event measured, then passed on. */
    wrap: (sink: EventSink): EventSink => (event) => sink(measureEvent(event)),
    /** The profile's result with its exact counts (the same object the `run-end` event carried). */
    measureResult,
  };
}
