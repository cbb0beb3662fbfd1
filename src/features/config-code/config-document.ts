import type { ParsedConfig } from '../../state/parsed-config';

/** The run panel's config document to render as code, or (text that is not JSON) where it breaks. */
export function documentForCode(config: ParsedConfig): { config: unknown } | { error: string } {
  if (config.syntaxProblem) return { error: `The config JSON is not valid JSON (${config.syntaxProblem.parserMessage}); fix it in the run panel to see it as code.` };
  return { config: config.document };
}
