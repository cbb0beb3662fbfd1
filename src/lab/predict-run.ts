import { impossibleSettings, parseLabConfig } from '../engine/headless';
import type { CompactionEvent, EncodingName, TokenCache } from '../engine';
import type { ConfigDocument } from '../engine/config';
import type { Transcript } from '../engine/transcript';
import type { Cancelled, RunPrediction } from '../worker-client/run-protocol';
import { latest } from '../worker-client/latest';
import { configLimits } from './config-limits';
import { runCompaction } from './run-compaction';

/** Predicts one config on one transcript, counting states exactly in `encoding`; a newer call supersedes (and aborts) the running one. */
export type RunPredictor = (transcript: Transcript, config: ConfigDocument, encoding: EncodingName) => Promise<RunPrediction | Cancelled>;

function invalidPrediction(error: string): RunPrediction {
  return { shouldCompact: false, tokens: 0, threshold: 0, reason: '', passes: 0, summarizerCalls: 0, tokensAfter: 0, limits: {}, settingsProblems: [], error };
}

/**
 * A predictor: runs the config's profile with the offline summarizer (never a provider, so no call and no cost), keeps
 * only the first gate event (the page gets no events), and reports the gate, the pass count, and where the run ends
 * both by the profile's estimate and exactly. Settings that cannot work as set are predicted anyway and listed, so the
 * what-if shows what they would do. Callbacks never run in a prediction: consent is given per Run, not per keystroke.
 */
export function createRunPredictor(cache?: TokenCache): RunPredictor {
  const predictions = latest();
  return async (transcript, config, encoding) => {
    const request = predictions.next();
    const parsed = parseLabConfig(config);
    if ('issues' in parsed) {
      const first = parsed.issues[0];
      return invalidPrediction(`Invalid config: ${first.path.slice(0, 80)}: ${first.message.slice(0, 120)}`);
    }
    let gate: Extract<CompactionEvent, { type: 'gate' }> | undefined;
    const result = await runCompaction(transcript, { config, encoding, runAnyway: true }, (event) => {
      if (event.type === 'gate' && gate === undefined) gate = event;
    }, { signal: request.signal, cache });
    if (!request.isCurrent() || result.cancelled) return { cancelled: true };
    return {
      shouldCompact: gate?.shouldCompact ?? result.passes.length > 0,
      tokens: gate?.tokens ?? result.tokensBefore,
      threshold: gate?.threshold ?? 0,
      reason: gate?.reason ?? 'the profile reported no gate',
      passes: result.passes.length,
      summarizerCalls: result.summarizerCalls,
      tokensAfter: result.tokensAfter,
      exact: result.exact,
      limits: configLimits(parsed.config),
      settingsProblems: impossibleSettings(parsed.config),
      error: result.success ? undefined : result.error?.message,
    };
  };
}
