import { codeRenderer } from '../code/code-renderer';
import { seedOneReplayGate } from '../auto-compactor/parts';
import type { ProfileModule } from '../profile-module';
import { renderUnifiedDart } from './dart-code';
import { renderUnifiedHarn } from './harn-code';
import { unifiedLimits, unifiedProblems } from './limits';
import { unifiedMeta } from './meta';
import { runUnified } from './run-unified';
import { unifiedConfigSchema, type UnifiedConfig } from './unified-config';

/** The unified pipeline: every seed's parts composed, with the stall, inflation and summarizer-input-fit guards. */
export const unifiedProfile: ProfileModule<UnifiedConfig, 'unified'> = {
  id: unifiedMeta.id,
  meta: unifiedMeta,
  schema: unifiedConfigSchema.strict(),
  run: (input) => runUnified(input),
  limits: unifiedLimits,
  replayGate: (config, ports, system) => seedOneReplayGate(config, ports, system, 'after each run, before the next prompt (the Dart AutoCompactor\'s gate, which unified keeps)'),
  settingsProblems: unifiedProblems,
  renderCode: codeRenderer<UnifiedConfig>({ dart: renderUnifiedDart, harn: renderUnifiedHarn }),
};
