import { configTextProblem, type ParsedConfig } from '../../state/parsed-config';
import { runDocument } from '../../state/run-document';
import type { ConfigDocument } from '../../engine/config';

/** The run panel's config document to render as code, as it runs (the page's window where it sets none), or why it cannot be. */
export function documentForCode(config: ParsedConfig): { config: ConfigDocument } | { error: string } {
  if (!config.document) return { error: `${configTextProblem(config, 'The config JSON') ?? 'The config JSON is not a JSON object.'} Fix it in the run panel to see it as code.` };
  return { config: runDocument(config.document) };
}
