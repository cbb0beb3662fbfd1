import type { TwoTierConfig } from './config';
import type { TwoTierSettings } from './lowering';

/** The gate's decision and the words the `gate` event carries. */
export interface GateDecision {
  shouldCompact: boolean;
  reason: string;
}

/**
 * Seed 3's triggers (spec §3.3): preflight and daemon fire at `tokens ≥ threshold`, post-turn only at
 * `tokens > threshold`; manual compaction always runs unless a target is set and `tokens ≤ target`.
 * Policy `none` never fires (and, having no auto-compaction config, never microcompacts either).
 */
export function decideGate(config: TwoTierConfig, settings: TwoTierSettings, tokens: number): GateDecision {
  const decision = triggerDecision(config, settings, tokens);
  return { ...decision, reason: `${decision.reason} (policy ${settings.policyLabel})` };
}

function triggerDecision(config: TwoTierConfig, settings: TwoTierSettings, tokens: number): GateDecision {
  const threshold = settings.tokenThreshold;
  if (!settings.isEnabled) return { shouldCompact: false, reason: 'policy none: compaction disabled, microcompaction included' };
  switch (config.trigger) {
    case 'preflight':
    case 'daemon':
      return { shouldCompact: tokens >= threshold, reason: `${config.trigger}: ${tokens} ${tokens >= threshold ? '≥' : '<'} ${threshold}` };
    case 'post-turn':
      return { shouldCompact: tokens > threshold, reason: `post-turn: ${tokens} ${tokens > threshold ? '>' : '≤'} ${threshold}` };
    case 'manual':
      if (config.targetTokens === undefined) return { shouldCompact: true, reason: 'manual: no gate' };
      return { shouldCompact: tokens > config.targetTokens, reason: `manual: ${tokens} ${tokens > config.targetTokens ? '>' : '≤'} target ${config.targetTokens}` };
  }
}
