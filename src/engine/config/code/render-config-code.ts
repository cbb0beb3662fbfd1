import type { ConfigIssue } from '../../issues';
import { parseLabConfig, type LabConfig } from '../lab-config';
import { profileEntries } from '../../profiles/registry';
import { renderDart } from './dart-code';
import { renderHarn } from './harn-code';
import type { CodeLanguage, ConfigCode, RenderInput } from './render-input';
import { renderTypeScript } from './ts-code';

export { codeLanguages, type CodeLanguage, type ConfigCode } from './render-input';

/** How to render. */
export interface RenderOptions {
  /** Write every parameter, not only those that differ from the profile's defaults. */
  emitAll?: boolean;
}

const renderers: Record<CodeLanguage, (input: RenderInput) => ConfigCode> = { dart: renderDart, ts: renderTypeScript, harn: renderHarn };

/** A parsed `LabConfig` back into the document shape `parseLabConfig` reads; a document passes through. */
function asDocument(config: unknown): unknown {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return config;
  const candidate = config as Partial<LabConfig>;
  if (typeof candidate.profile === 'string' && typeof candidate.parameters === 'object' && candidate.parameters !== null && !Array.isArray(candidate.parameters)) {
    return { schemaVersion: candidate.schemaVersion, profile: candidate.profile, ...candidate.parameters };
  }
  return config;
}

/**
 * Renders a config (a `LabConfig` or a config document `{schemaVersion, profile, …}`) as code for a seed's own API:
 * Dart `AutoCompactor`, TypeScript `AssembleCompactedTurnsOptions`, or Harn agent-loop options plus the Rust
 * `AutoCompactConfig`. The config is validated first (defaults filled in), so an invalid one yields its issues.
 */
export function renderConfigCode(config: unknown, language: CodeLanguage, options: RenderOptions = {}): ConfigCode | { issues: ConfigIssue[] } {
  const parsed = parseLabConfig(asDocument(config));
  if ('issues' in parsed) return parsed;
  const { profile, parameters } = parsed.config;
  const defaults = profileEntries[profile].schema.parse({}) as Record<string, unknown>;
  return renderers[language]({ profile, parameters, defaults, emitAll: options.emitAll ?? false });
}
