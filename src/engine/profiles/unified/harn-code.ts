import { commentedFields } from '../code/commented-fields';
import { harnString, harnValue } from '../code/harn-literal';
import { isShown, unmappedFields, type ConfigCode, type RenderInput } from '../code/render-input';
import { rustConfigLines, rustDefaults } from '../two-tier/parts';
import { resolvedHardLimit, type UnifiedConfig } from './unified-config';

const mappedFields = ['toolOutputMaxChars', 'hardLimitTokens', 'hardLimitStrategy'];

const reasons: Record<string, string> = {
  window: 'harn discovers the window from the provider; its hard-limit adaptation (75 % of max(window, 4096)) is unified\'s default too',
  observationMask: 'unified masks older tool outputs in place; harn\'s observation mask is a tier-1 strategy that archives messages',
  estimator: 'harn always estimates UTF-8 bytes / 4',
  prompts: 'the Dart AutoCompactor\'s summary prompts (see the Dart snippet)',
  operativeSkills: 'the Dart AutoCompactor\'s pinned operative lines (see the Dart snippet)',
};

/**
 * The unified profile as Harn: only its seed-3 stages have a counterpart (microcompaction and tier 2); its tier 1 is
 * seed 1's summary ladder, which harn does not have, so those fields are listed as comments.
 */
export function renderUnifiedHarn(input: RenderInput<UnifiedConfig>): ConfigCode {
  const config = input.parameters;
  const isTier2Off = config.hardLimitStrategy === 'none';
  const entries: string[] = [];
  if (config.toolOutputMaxChars !== null && isShown(input, 'toolOutputMaxChars')) entries.push(`tool_output_max_chars: ${config.toolOutputMaxChars}`);
  if (config.hardLimitTokens !== null && !isTier2Off) entries.push(`hard_limit_tokens: ${config.hardLimitTokens}`);
  const scriptComments: string[] = [];
  if (config.toolOutputMaxChars === null) scriptComments.push('// toolOutputMaxChars: null — harn always microcompacts tool output; it cannot be turned off');
  if (isTier2Off && config.hardLimitTokens !== null) scriptComments.push(`// hardLimitTokens: ${config.hardLimitTokens} — unused: hardLimitStrategy "none" turns tier 2 off`);
  if (isShown(input, 'hardLimitStrategy')) {
    scriptComments.push(`// hardLimitStrategy: ${harnString(config.hardLimitStrategy)} — agent_loop takes the tier-2 strategy from its compaction policy (hybrid: truncate, summarize_middle: llm)`);
  }
  const unmapped = unmappedFields(input, mappedFields);
  const lines = [
    '// Compaction Lab config as Harn agent_loop options (burin-labs/harn 0.7).',
    '// The unified profile is not Harn\'s AutoCompactConfig: only its Harn-shaped fields (microcompaction, tier 2) are rendered; the rest are listed as comments.',
    'let compaction_options = {',
    ...entries.map((entry) => `  ${entry},`),
    '}',
    ...scriptComments,
    ...(unmapped.length > 0 ? ['// No counterpart in harn:', ...commentedFields(input, unmapped, harnValue, reasons, 'the Dart AutoCompactor\'s gate, passes or ladder (see the Dart snippet)')] : []),
    'let result = agent_loop(task, system, {...compaction_options})',
    '',
    '// Rust (harn-vm): the same tier-2 and microcompaction settings as an AutoCompactConfig.',
    ...rustConfigLines(
      {
        ...rustDefaults,
        toolOutputMaxChars: config.toolOutputMaxChars ?? rustDefaults.toolOutputMaxChars,
        hardLimitTokens: isTier2Off ? null : resolvedHardLimit(config),
        hardLimitStrategy: config.hardLimitStrategy === 'none' ? rustDefaults.hardLimitStrategy : config.hardLimitStrategy,
      },
      input.emitAll,
      ['// compact_strategy, token_threshold, keep_first, keep_last: unified\'s tier 1 is the Dart AutoCompactor\'s summary, which harn has no form of'],
    ),
  ];
  const notes = [
    'Unified compacts with the Dart AutoCompactor\'s gate and summary ladder first; harn has no such tier, so the snippet carries only microcompaction and tier 2.',
    'In Rust, hard_limit_tokens is written resolved: unified\'s default (null) means 75 % of max(window, 4096), while None in harn turns tier 2 off.',
  ];
  return { code: `${lines.join('\n')}\n`, notes };
}
