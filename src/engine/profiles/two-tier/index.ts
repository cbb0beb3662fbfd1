import { codeRenderer } from '../code/code-renderer';
import type { ProfileModule } from '../profile-module';
import { twoTierConfigSchema, type TwoTierConfig } from './config';
import { renderTwoTierHarn } from './harn-code';
import { twoTierLimits } from './limits';
import { twoTierMeta } from './meta';
import { twoTierReplayGate } from './replay-gate';
import { runTwoTier } from './run-two-tier';
import { twoTierProblems } from './settings-problems';

/**
 * Seed 3 (Harn `AutoCompactConfig`) as a profile. A config that carries callbacks runs them through the ports'
 * callback runner, and only with the user's consent (`ports.hasUserConsent`).
 *
 * Where this differs from upstream (full list with reasons and pinning tests in `upstream-deviations.ts`): a masked
 * first line is cut on a character boundary where harn panics (H27); callbacks are JavaScript, their results read as
 * JSON would carry them (H25); callbacks need consent; automatic triggers microcompact the recorded transcript at the
 * start of the run rather than at tool dispatch (H20); the manual trigger also takes policy labels; manual mode's
 * transcript wrapper (snapshot asset, `summary` option) is not modelled; summarizePrompt is template text (H16); the
 * default LLM prompt is a paraphrase; imported messages are mapped to harn's shape (H14).
 */
export const twoTierProfile: ProfileModule<TwoTierConfig, 'two-tier'> = {
  id: twoTierMeta.id,
  meta: twoTierMeta,
  schema: twoTierConfigSchema.strict(),
  run: runTwoTier,
  limits: twoTierLimits,
  replayGate: twoTierReplayGate,
  settingsProblems: twoTierProblems,
  renderCode: codeRenderer<TwoTierConfig>({ harn: renderTwoTierHarn }),
};
