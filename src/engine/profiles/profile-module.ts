import type { z } from 'zod';
import type { SettingsProblem } from '../issues';
import type { ReplayGate } from '../run/replay-gate';
import type { EnginePorts } from '../run/ports';
import type { Message } from '../transcript/model';
import type { Profile } from '../run/profile';
import type { CodeLanguage } from './code/code-language';
import type { ConfigCode, ConfigFields, RenderInput } from './code/render-input';
import type { ProfileLimits } from './profile-limits';
import type { ProfileMeta } from './profile-meta';

/**
 * A profile's parameter schema: strict (an unknown field is an error, so a typo never falls back to a default), with
 * the seed's defaults and a `.describe()` on every field, which the config form and the JSON Schema show.
 */
type ProfileSchema<Config> = z.ZodType<Config> & { readonly shape: Readonly<Record<string, z.ZodType>> };

/**
 * What a profile folder's `index.ts` exports for the worker and the CLI (see `README.md` beside this file). The page
 * never loads it: it reads `meta` through `profiles/meta.ts`. `registry.ts` lists every module by id.
 */
export interface ProfileModule<Config extends ConfigFields, Id extends string = string> extends Profile<Config> {
  /** The profile's id; the same as `meta.id` and the folder's name. */
  id: Id;
  meta: ProfileMeta<Id>;
  schema: ProfileSchema<Config>;
  /** The config's limits for the chart's lines and the CLI's context block, from the profile's own gate functions. */
  limits(config: Config): ProfileLimits;
  /**
   * The profile's gate as its host checks it while a session goes on (`replaySession`): where it checks, and its own
   * estimate kept up to date message by message.
   */
  replayGate(config: Config, ports: EnginePorts, system: Message | undefined): ReplayGate;
  /** Settings no run can succeed with, found before any work (empty when the config can work). */
  settingsProblems(config: Config): SettingsProblem[];
  /** The config as code for a seed's own API; a language the profile has no counterpart in lists the values as comments. */
  renderCode(input: RenderInput<Config>, language: CodeLanguage): ConfigCode;
}
