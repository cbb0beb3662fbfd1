import { commentedFields } from '../code/commented-fields';
import { harnString, harnValue, hasUnescapableCharacters } from '../code/harn-literal';
import { isShown, type ConfigCode, type RenderInput } from '../code/render-input';
import { policyKeepLastDefault, rawKeepLastDefault, tokenThresholdDefault, type TwoTierConfig, type TwoTierStrategy } from './config';
import { lowerPolicy } from './lowering';
import { rustConfigLines, type RustCompactFields } from './rust-config';

/** Seed 3's strategy names as Harn writes them (`observation_mask`). */
function harnStrategy(strategy: TwoTierStrategy): string {
  return strategy.replace('-', '_');
}

/** The callback fields: their agent-loop option and their `AutoCompactConfig` field. */
const callbackOptions = [
  { field: 'maskCallback', option: 'mask_callback', rustField: 'mask_callback' },
  { field: 'compressCallback', option: 'compress_callback', rustField: 'compress_callback' },
  { field: 'customCompactor', option: 'compact_callback', rustField: 'custom_compactor' },
] as const;

/** The engine fields a two-tier config lowers to before provider adaptation (which harn does itself at run time). */
function lowered(config: TwoTierConfig): RustCompactFields {
  const base = { tokenThreshold: config.tokenThreshold ?? tokenThresholdDefault, toolOutputMaxChars: config.toolOutputMaxChars, hardLimitTokens: config.hardLimitTokens };
  if (!config.policyStrategy) {
    const strategies = { compactStrategy: config.compactStrategy, hardLimitStrategy: config.hardLimitStrategy, policyStrategy: harnStrategy(config.compactStrategy) };
    return { ...base, ...strategies, keepFirst: config.keepFirst, keepLast: config.keepLast ?? rawKeepLastDefault };
  }
  const policy = lowerPolicy(config.policyStrategy, config.keepFirst, config.keepLast ?? policyKeepLastDefault);
  return { ...base, keepFirst: policy.keepFirst, keepLast: policy.keepLast, compactStrategy: policy.compactStrategy, hardLimitStrategy: policy.hardLimitStrategy, policyStrategy: policy.policyLabel };
}

/** The agent-loop options: the `compaction` policy when one is set, else the legacy raw-engine options. */
function agentLoopEntries(input: RenderInput<TwoTierConfig>, config: TwoTierConfig): string[] {
  const entries: string[] = [];
  if (config.policyStrategy === 'none') entries.push('compaction: "none"');
  else if (config.policyStrategy) {
    const policy = [`strategy: ${harnString(config.policyStrategy)}`];
    if (config.keepFirst !== 0 || input.emitAll) policy.push(`keep_first_n: ${config.keepFirst}`);
    if (config.keepLast !== undefined || input.emitAll) policy.push(`keep_last_n: ${config.keepLast ?? policyKeepLastDefault}`);
    entries.push(`compaction: {${policy.join(', ')}}`);
  } else {
    // agent_loop's own default is the hybrid policy, so the raw engine must be asked for explicitly.
    entries.push('auto_compact: true', `compact_strategy: ${harnString(harnStrategy(config.compactStrategy))}`, `hard_limit_strategy: ${harnString(harnStrategy(config.hardLimitStrategy))}`);
    if (config.keepFirst !== 0 || input.emitAll) entries.push(`compact_keep_first: ${config.keepFirst}`);
    entries.push(`compact_keep_last: ${config.keepLast ?? rawKeepLastDefault}`);
  }
  if (config.tokenThreshold !== undefined) entries.push(`compact_threshold: ${config.tokenThreshold}`);
  if (config.hardLimitTokens !== null) entries.push(`hard_limit_tokens: ${config.hardLimitTokens}`);
  if (isShown(input, 'toolOutputMaxChars')) entries.push(`tool_output_max_chars: ${config.toolOutputMaxChars}`);
  return entries;
}

/** `transcript_compact` options, for a config whose trigger is manual. */
function manualEntries(config: TwoTierConfig): string[] {
  const fields = lowered(config);
  const entries = [`strategy: ${harnString(harnStrategy(fields.compactStrategy))}`, `keep_last: ${fields.keepLast}`];
  if (config.targetTokens !== undefined) entries.push(`target_tokens: ${config.targetTokens}`);
  return entries;
}

const reasons: Record<string, string> = {
  contextWindow: 'harn discovers the model\'s window from the provider and adapts the thresholds itself (hard 75 %, tier 1 65 %)',
  trigger: 'which call site compacts (preflight, post-turn, daemon) is harn\'s, not an option',
  tokenEstimator: 'harn always estimates UTF-8 bytes / 4',
  targetTokens: 'only transcript_compact takes target_tokens',
  keepFirst: 'transcript_compact has no keep_first',
  hardLimitTokens: 'transcript_compact sets the hard limit to target_tokens',
  toolOutputMaxChars: 'microcompaction happens at tool dispatch in agent_loop, not in transcript_compact',
  summarizeToolCalls: 'a lab extension: harn\'s LLM prompt always lists role and content only',
};

/**
 * Seed 3's Harn: the agent-loop (or `transcript_compact`) options in Harn script, then the same settings as harn-vm's
 * Rust `AutoCompactConfig`.
 */
export function renderTwoTierHarn(input: RenderInput<TwoTierConfig>): ConfigCode {
  const config = input.parameters;
  const isManual = config.trigger === 'manual';
  const call = isManual ? 'transcript_compact(transcript, compaction_options)' : 'agent_loop(task, system, {...compaction_options})';
  const entries = isManual ? manualEntries(config) : agentLoopEntries(input, config);
  const callbacks = callbackOptions.flatMap((option) => {
    const source = config[option.field];
    return source ? [{ ...option, source }] : [];
  });
  // transcript_compact takes only strategy, keep_last and target_tokens; agent_loop has no target and no trigger.
  const unmapped = isManual
    ? ['keepFirst', 'hardLimitTokens', 'toolOutputMaxChars', 'contextWindow', 'tokenEstimator', 'summarizeToolCalls']
    : ['contextWindow', 'trigger', 'tokenEstimator', 'targetTokens', 'summarizeToolCalls'];
  const commented = unmapped.filter((field) => isShown(input, field));
  const lines = [
    `// Compaction Lab config as Harn ${isManual ? 'transcript_compact' : 'agent_loop'} options (burin-labs/harn 0.7).`,
    ...(config.summarizePrompt !== null ? ['// summarize_prompt takes the path of a prompt-template asset: save this text as that asset and pass its path.', `let summarize_template = ${harnString(config.summarizePrompt)}`] : []),
    'let compaction_options = {',
    ...entries.map((entry) => `  ${entry},`),
    ...(config.summarizePrompt !== null ? ['  // summarize_prompt: "<path of the asset holding summarize_template>",'] : []),
    ...callbacks.map(({ option, source }) => `  // ${option}: a Harn closure; the lab's JavaScript has no Harn form, port it by hand: ${harnString(source)}`),
    '}',
    ...commentedFields(input, commented, harnValue, reasons, 'no option'),
    `let result = ${call}`,
    '',
    '// Rust (harn-vm): the same engine settings as an AutoCompactConfig, before provider adaptation.',
    ...rustConfigLines(lowered(config), input.emitAll, [
      ...(config.summarizePrompt !== null ? ['// summarize_prompt: Some(<path of the asset holding summarize_template>.to_string()),'] : []),
      ...callbacks.map(({ rustField }) => `// ${rustField}: Some(<a Harn closure>) — see above`),
    ]),
  ];
  const notes = [
    isManual
      ? 'transcript_compact runs one compaction when called: one strategy for both tiers, and tier 2 only at target_tokens.'
      : 'agent_loop compacts with the hybrid policy by default; these options reproduce this config\'s tiers explicitly.',
  ];
  if (config.policyStrategy === 'none') notes.push('Policy "none" disables compaction: the Rust struct is shown for reference only.');
  if (callbacks.length > 0) notes.push('The config carries JavaScript callbacks; Harn takes Harn closures, so they are shown as comments to port by hand.');
  if (config.summarizePrompt !== null && hasUnescapableCharacters(config.summarizePrompt)) notes.push('The summarize template holds control characters that Harn strings cannot escape; they are written raw.');
  return { code: `${lines.join('\n')}\n`, notes };
}
