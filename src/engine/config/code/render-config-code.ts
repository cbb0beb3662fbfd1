import type { ConfigIssue } from '../../issues';
import type { CodeLanguage } from '../../profiles/code/code-language';
import type { ConfigCode } from '../../profiles/code/render-input';
import { profileModule, type ProfileId } from '../../profiles/registry';
import { parseLabConfig, type LabConfig } from '../lab-config';

export { type CodeLanguage } from '../../profiles/code/code-language';
export type { ConfigCode } from '../../profiles/code/render-input';

/** How to render. */
export interface RenderOptions {
  /** Write every parameter, not only those that differ from the profile's defaults. */
  emitAll?: boolean;
}

/** A parsed `LabConfig` back into the document shape `parseLabConfig` reads; a document passes through. */
function asDocument(config: unknown): unknown {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return config;
  const { schemaVersion, profile, parameters } = config as Partial<Record<'schemaVersion' | 'profile' | 'parameters', unknown>>;
  if (typeof profile === 'string' && typeof parameters === 'object' && parameters !== null && !Array.isArray(parameters)) {
    return { schemaVersion, profile, ...parameters };
  }
  return config;
}

/** A validated config rendered by its own profile's module, beside that profile's defaults. */
function render<Id extends ProfileId>(config: LabConfig<Id>, language: CodeLanguage, emitAll: boolean): ConfigCode {
  const module = profileModule(config.profile);
  return module.renderCode({ meta: module.meta, parameters: config.parameters, defaults: module.schema.parse({}), emitAll }, language);
}

/**
 * Renders a config (a `LabConfig` or a config document `{schemaVersion, profile, …}`) as code for a seed's own API:
 * Dart `AutoCompactor`, TypeScript `AssembleCompactedTurnsOptions`, or Harn agent-loop options plus the Rust
 * `AutoCompactConfig`. The config is validated first (defaults filled in), so an invalid one yields its issues.
 */
export function renderConfigCode(config: unknown, language: CodeLanguage, options: RenderOptions = {}): ConfigCode | { issues: ConfigIssue[] } {
  const parsed = parseLabConfig(asDocument(config));
  if ('issues' in parsed) return parsed;
  return render(parsed.config, language, options.emitAll ?? false);
}
