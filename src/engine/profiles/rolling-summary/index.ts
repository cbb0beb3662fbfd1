import { codeRenderer } from '../code/code-renderer';
import type { ProfileModule } from '../profile-module';
import { rollingSummaryMeta } from './meta';
import { rollingSummaryConfigSchema, type RollingSummaryConfig } from './rolling-summary-config';
import { rollingSummaryReplayGate } from './replay-gate';
import { runRollingSummary } from './rolling-summary-profile';
import { renderTypeScript } from './ts-code';

/** Seed 2, NHTIO/ADK `assembleCompactedTurns`: a rolling summary of all but the last turns, one pass per run. */
export const rollingSummaryProfile: ProfileModule<RollingSummaryConfig, 'rolling-summary'> = {
  id: rollingSummaryMeta.id,
  meta: rollingSummaryMeta,
  schema: rollingSummaryConfigSchema.strict(),
  run: runRollingSummary,
  replayGate: (_config, ports) => rollingSummaryReplayGate(ports),
  limits: (config) => ({
    trigger: config.summariseAtTokens,
    triggerRule: 'summariseAtTokens',
    triggerComparedWith: 'the older turns, not the whole context',
    estimateBasis: `${config.encoding} tokens of the older turns' joined text`,
  }),
  // Seed 2 has no gate that a setting could put out of reach: every config can run.
  settingsProblems: () => [],
  renderCode: codeRenderer<RollingSummaryConfig>({ ts: renderTypeScript }),
};
