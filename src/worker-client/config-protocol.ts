/** The worker contract's types for the config editor and config as code (issue 6; types only). */
import type { ConfigIssue, SettingsProblem } from '../engine';
import type { ConfigDocument } from '../engine/config';
import type { ConfigLimits, WorkerReply } from './protocol';

/**
 * A JSON Schema node as `z.toJSONSchema` writes a profile's parameters (input side: a defaulted field is not required),
 * with the safe-integer bounds dropped and each field's `description` filled in where the lab documents it.
 * Nullable fields come as `anyOf: [X, {type: 'null'}]` or `type: [X, 'null']`.
 */
export interface ConfigJsonSchema {
  type?: string | string[];
  properties?: Record<string, ConfigJsonSchema>;
  required?: string[];
  items?: ConfigJsonSchema;
  anyOf?: ConfigJsonSchema[];
  enum?: (string | number | boolean | null)[];
  default?: unknown;
  description?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  additionalProperties?: boolean | ConfigJsonSchema;
}

/**
 * A config document checked by the engine's own schema: the parsed config with defaults filled in, or every problem.
 * An invalid config is an answer, not a refusal (see `WorkerReply`): checking it is what was asked, and its issues by
 * path are what the editor shows.
 */
export type ConfigValidation =
  | {
      ok: true;
      config: { schemaVersion: number; profile: string; parameters: Record<string, unknown> };
      /** The limits the config sets, in tokens, and which rule set each. */
      limits: ConfigLimits;
      /** Settings that cannot work as set; a run refuses them unless the user runs anyway. */
      settingsProblems: SettingsProblem[];
    }
  | { ok: false; issues: ConfigIssue[] };

/** The languages a config renders in: seed 1's Dart, seed 2's TypeScript, seed 3's Harn (script plus Rust). */
export type ConfigCodeLanguage = 'dart' | 'ts' | 'harn';

/**
 * A config as code for a seed's API, with what to know about it; or, for an invalid config, every problem by path (an
 * answer, as a validation's issues are).
 */
type ConfigCodeResult = { ok: true; code: string; notes: string[] } | { ok: false; issues: ConfigIssue[] };

/** The worker methods that describe, check and render a config with the engine's own schemas. Part of `LabWorkerApi` (`lab-worker-api.ts`). */
export interface ConfigApi {
  /** A profile's parameters as JSON Schema, from the very zod schema the engine validates with. */
  describeConfig(profile: string): Promise<WorkerReply<ConfigJsonSchema>>;
  /** Checks a config document `{schemaVersion, profile, …parameters}` as a run would, naming each bad field by path. */
  validateConfig(document: ConfigDocument): Promise<WorkerReply<ConfigValidation>>;
  /**
   * Renders a config document as code for a seed's own API (only the values that differ from the defaults, or every
   * value with `emitAll`); an invalid config comes back as its issues.
   */
  renderConfigCode(config: ConfigDocument, language: ConfigCodeLanguage, options?: { emitAll?: boolean }): Promise<WorkerReply<ConfigCodeResult>>;
}
