import { breakdownMessages, insertionKindsById, type RunResult, type TokenCache, type TokenCounter } from '../engine';
import type { Transcript } from '../engine/transcript';
import type { PassBreakdown } from '../worker-client/run-protocol';

/**
 * Exact tokens by kind of the original (pass 0) and of the state after every pass of `result`. Insertions are gathered
 * over the passes so far, since a summary or carrier made in an earlier pass is carried into later ones. The system
 * prompt is counted in every state: passes carry it beside their messages.
 */
export function breakdownRunPasses(transcript: Transcript, result: RunResult | undefined, counter: TokenCounter, cache: TokenCache): PassBreakdown[] {
  const original = breakdownMessages(transcript.system, transcript.messages, counter, { cache });
  const breakdowns: PassBreakdown[] = [{ pass: 0, ...original }];
  const passes = result?.passes ?? [];
  passes.forEach((snapshot, index) => {
    const insertions = insertionKindsById(passes.slice(0, index + 1));
    breakdowns.push({ pass: snapshot.pass, ...breakdownMessages(transcript.system, snapshot.messages, counter, { insertions, cache }) });
  });
  return breakdowns;
}
