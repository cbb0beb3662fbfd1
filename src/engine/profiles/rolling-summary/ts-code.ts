import { isShown, unmappedFields, type ConfigCode, type ConfigFields, type RenderInput } from '../code/render-input';
import { tsValue } from '../code/ts-literal';
import type { RollingSummaryConfig } from './rolling-summary-config';

/** The rolling-summary parameters, named exactly as `AssembleCompactedTurnsOptions` names its properties. */
const optionFields = ['keepVerbatim', 'summariseAtTokens', 'summaryMessageId', 'encoding', 'systemPrompt'] as const;

/**
 * Seed 2's TypeScript: an `AssembleCompactedTurnsOptions` object literal. The required `summarize` and
 * `estimateTokens` are the host's own functions, referenced by name; every other property is written only where it
 * differs from the battery's defaults.
 */
export function renderTypeScript(input: RenderInput<RollingSummaryConfig>): ConfigCode {
  const shown = optionFields.filter((field) => isShown(input, field));
  const lines = [
    '// Compaction Lab config as ADK\'s TypeScript API (@nhtio/adk, src/batteries/context/compact).',
    '// summarize and estimateTokens are your own SummarizeFn and EstimateTokensFn.',
    'const options: AssembleCompactedTurnsOptions = {',
    '  summarize,',
    '  estimateTokens,',
    ...shown.map((field) => `  ${field}: ${tsValue(input.parameters[field])},`),
    '};',
  ];
  const unmapped = unmappedFields(input, optionFields);
  const parameters: ConfigFields = input.parameters;
  const notes = ['The rest of the options (priorState, onCost) are per call in your host: thread priorState back in from each result.'];
  if (shown.includes('summaryMessageId')) notes.push('summaryMessageId is changed: Token Thrift\'s isSummaryMessage predicate must match the new id, or thrift will shed the summary.');
  if (shown.includes('encoding')) notes.push('encoding is opaque to the battery: it is handed to your estimateTokens.');
  if (isShown(input, 'historyCharCap')) notes.push('historyCharCap is a lab extension: the battery always cuts the request text to 12,000 characters.');
  return { code: `${[...lines, ...unmapped.map((field) => `// ${field}: ${tsValue(parameters[field])} — no counterpart`)].join('\n')}\n`, notes };
}
