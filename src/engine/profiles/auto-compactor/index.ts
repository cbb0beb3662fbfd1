import type { ProfileModule } from '../profile-module';
import { codeRenderer } from '../code/code-renderer';
import { autoCompactorConfigSchema, type AutoCompactorConfig } from './auto-compactor-config';
import { renderSeedOneDart } from './dart-code';
import { seedOneLimits } from './limits';
import { autoCompactorMeta } from './meta';
import { runAutoCompactor, type AutoCompactorRunInput } from './run-auto-compactor';
import { seedOneReplayGate } from './replay-gate';
import { seedOneProblems } from './settings-problems';

export type { AutoCompactorRunInput } from './run-auto-compactor';

/** Seed 1, the Dart `AutoCompactor`, reproduced: gate, multi-pass summaries, smol → main → local trim ladder. */
export const autoCompactorProfile: ProfileModule<AutoCompactorConfig, 'auto-compactor'> = {
  id: autoCompactorMeta.id,
  meta: autoCompactorMeta,
  schema: autoCompactorConfigSchema.strict(),
  run: (input: AutoCompactorRunInput) => runAutoCompactor(input),
  limits: seedOneLimits,
  replayGate: (config, ports, system) => seedOneReplayGate(config, ports, system, 'after each run, before the next prompt (the Dart host)'),
  settingsProblems: seedOneProblems,
  renderCode: codeRenderer<AutoCompactorConfig>({ dart: (input) => renderSeedOneDart(input) }),
};
