import { renderSeedOneDart } from '../auto-compactor/parts';
import type { ConfigCode, RenderInput } from '../code/render-input';
import type { UnifiedConfig } from './unified-config';

/** Why a unified stage has no AutoCompactor argument. */
const reasons: Record<string, string> = {
  toolOutputMaxChars: 'Harn\'s microcompaction; AutoCompactor has none',
  observationMask: 'Harn\'s observation mask; AutoCompactor has none',
  summary: 'AutoCompactor always summarizes',
  hardLimitTokens: 'Harn\'s tier 2; AutoCompactor has none',
  hardLimitStrategy: 'Harn\'s tier 2; AutoCompactor has none',
  localTrim: 'AutoCompactor always falls back to its local trim',
  summarizerWindowTokens: 'the unified profile\'s input-fit guard; AutoCompactor has none',
  stallRatio: 'the unified profile\'s stall guard; AutoCompactor stops only at maxPasses',
};

/** The unified profile as seed 1's Dart: only its Dart-shaped fields; its other stages are listed as comments. */
export function renderUnifiedDart(input: RenderInput<UnifiedConfig>): ConfigCode {
  return renderSeedOneDart(input, {
    header: ['// The unified profile is not the Dart AutoCompactor: only its Dart-shaped fields are rendered; its other stages are listed as comments at the end.'],
    reasons,
  });
}
