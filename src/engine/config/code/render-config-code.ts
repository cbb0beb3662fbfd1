import type { ConfigIssue } from '../../issues';
import type { CodeLanguage } from '../../profiles/code/code-language';
import type { ConfigCode } from '../../profiles/code/render-input';
import { profileModule, type ProfileId } from '../../profiles/registry';
import type { ConfigDocument } from '../document/config-document';
import { parseLabConfig, type LabConfig } from '../lab-config';

export { type CodeLanguage } from '../../profiles/code/code-language';
export type { ConfigCode } from '../../profiles/code/render-input';

/** How to render. */
export interface RenderOptions {
  /** Write every parameter, not only those that differ from the profile's defaults. */
  emitAll?: boolean;
}

/** A validated config rendered by its own profile's module, beside that profile's defaults. */
function render<Id extends ProfileId>(config: LabConfig<Id>, language: CodeLanguage, emitAll: boolean): ConfigCode {
  const module = profileModule(config.profile);
  return module.renderCode({ meta: module.meta, parameters: config.parameters, defaults: module.schema.parse({}), emitAll }, language);
}

/**
 * Renders a config document as code for a seed's own API:
 * Dart `AutoCompactor`, TypeScript `AssembleCompactedTurnsOptions`, or Harn agent-loop options plus the Rust
 * `AutoCompactConfig`. The config is validated first (defaults filled in), so an invalid one yields its issues.
 */
export function renderConfigCode(document: ConfigDocument, language: CodeLanguage, options: RenderOptions = {}): ConfigCode | { issues: ConfigIssue[] } {
  const parsed = parseLabConfig(document);
  if ('issues' in parsed) return parsed;
  return render(parsed.config, language, options.emitAll ?? false);
}
