import { policyKeepLastDefault, rawKeepLastDefault, tokenThresholdDefault, type TwoTierConfig, type TwoTierPolicy, type TwoTierStrategy } from './config';

/** The engine settings a run actually uses, after policy lowering and provider adaptation. */
export interface TwoTierSettings {
  isEnabled: boolean;
  keepFirst: number;
  keepLast: number;
  tokenThreshold: number;
  hardLimitTokens: number | null;
  compactStrategy: TwoTierStrategy;
  hardLimitStrategy: TwoTierStrategy;
  /** The label events report: the policy when one is set, else the tier-1 strategy's seed name (`observation_mask`). */
  policyLabel: string;
  /** The observation-mask callback tier 1 calls; null when none is set or the trigger is manual. */
  maskCallback: string | null;
  /**
   * Whether oversized tool outputs are microcompacted first. Seed 3 does it only at tool dispatch, and only when
   * auto-compaction is configured (`tool_dispatch.rs`): never for manual compaction, never under policy none.
   */
  microcompacts: boolean;
}

/**
 * Lowers a policy label to engine fields (spec §3.2 table): truncate → Truncate/Truncate; summarize_middle →
 * Llm/Llm; summarize_all → Llm/Llm with keep_last 0; hybrid → Llm then Truncate; none → disabled.
 */
export function lowerPolicy(policy: TwoTierPolicy, keepFirst: number, keepLast: number): Omit<TwoTierSettings, 'tokenThreshold' | 'hardLimitTokens' | 'maskCallback' | 'microcompacts'> {
  const base = { isEnabled: true, keepFirst, keepLast, policyLabel: policy };
  switch (policy) {
    case 'none':
      return { ...base, isEnabled: false, compactStrategy: 'truncate', hardLimitStrategy: 'truncate' };
    case 'truncate':
      return { ...base, compactStrategy: 'truncate', hardLimitStrategy: 'truncate' };
    case 'summarize_middle':
      return { ...base, compactStrategy: 'llm', hardLimitStrategy: 'llm' };
    case 'summarize_all':
      return { ...base, keepLast: 0, compactStrategy: 'llm', hardLimitStrategy: 'llm' };
    case 'hybrid':
      return { ...base, compactStrategy: 'llm', hardLimitStrategy: 'truncate' };
  }
}

/**
 * Provider adaptation (spec §3.2): with a known window C, `effective = floor(max(C, 4096) × 3/4)`; the hard limit
 * becomes `effective` when unset, else is clamped to it; a set tier-1 threshold is clamped to `effective`, an unset
 * one to `floor(C × 13/20)`. Values are only ever lowered.
 */
function adaptToWindow(contextWindow: number, tokenThreshold: number | undefined, hardLimitTokens: number | null): { tokenThreshold: number; hardLimitTokens: number } {
  const effective = Math.floor((Math.max(contextWindow, 4096) * 3) / 4);
  return {
    hardLimitTokens: hardLimitTokens === null ? effective : Math.min(hardLimitTokens, effective),
    tokenThreshold: tokenThreshold === undefined
      ? Math.min(tokenThresholdDefault, Math.floor((contextWindow * 13) / 20))
      : Math.min(tokenThreshold, effective),
  };
}

/**
 * Resolves a config into the settings a run uses: policy lowering, then provider adaptation. Manual compaction
 * (`transcript_compact`) builds its own `AutoCompactConfig` from a literal that sets only keep_last, the strategy (for
 * both tiers) and the prompt, so keep_first is 0, there is no mask callback, and nothing is microcompacted; the
 * threshold and hard limit are the target when one is set. Policy `none` has no config at all (`llm/compaction.rs`).
 */
export function resolveTwoTierSettings(config: TwoTierConfig): TwoTierSettings {
  const lowered = config.policyStrategy
    ? lowerPolicy(config.policyStrategy, config.keepFirst, config.keepLast ?? policyKeepLastDefault)
    : {
        isEnabled: true,
        keepFirst: config.keepFirst,
        keepLast: config.keepLast ?? rawKeepLastDefault,
        compactStrategy: config.compactStrategy,
        hardLimitStrategy: config.hardLimitStrategy,
        policyLabel: config.compactStrategy.replace('-', '_'),
      };
  let tokenThreshold = config.tokenThreshold ?? tokenThresholdDefault;
  let hardLimitTokens = config.hardLimitTokens;
  if (config.contextWindow !== undefined) {
    ({ tokenThreshold, hardLimitTokens } = adaptToWindow(config.contextWindow, config.tokenThreshold, config.hardLimitTokens));
  }
  if (config.trigger === 'manual') {
    // Deviation (upstream-deviations.ts): transcript_compact takes no policy label; one set here was lowered above.
    return {
      ...lowered,
      keepFirst: 0,
      hardLimitStrategy: lowered.compactStrategy,
      tokenThreshold: config.targetTokens ?? 0,
      hardLimitTokens: config.targetTokens ?? null,
      maskCallback: null,
      microcompacts: false,
    };
  }
  return { ...lowered, tokenThreshold, hardLimitTokens, maskCallback: config.maskCallback, microcompacts: lowered.isEnabled };
}

/** Why a manual (`transcript_compact`) config is refused, as the seed refuses it: custom, or a prompt without llm. */
export function manualConfigProblem(config: TwoTierConfig, settings: TwoTierSettings): string | undefined {
  if (config.trigger !== 'manual') return undefined;
  if (settings.compactStrategy === 'custom') return 'Manual compaction (transcript_compact) does not accept the custom strategy.';
  if (config.summarizePrompt && settings.compactStrategy !== 'llm') return 'summarizePrompt is only supported with the llm strategy in manual compaction.';
  return undefined;
}
