import { promptProblems, type ConfigDocument, type PromptProblem } from '../engine/config';
import { describeSettingsProblems, impossibleSettings, labConfigDocument, parseLabConfig } from '../engine/headless';
import { engineError, type ConfigIssue, type EngineError, type LabConfig, type SettingsProblem } from '../engine';

/** Why a config document was refused before any work, with the located parts each surface words its own way. */
export type ConfigRefusal =
  | { code: 'invalid-config'; issues: ConfigIssue[] }
  | { code: 'invalid-prompt'; problems: PromptProblem[] }
  | { code: 'impossible-settings'; problems: SettingsProblem[] };

/** A config document that passed the pre-flight: its validated config, and the settings run anyway (empty otherwise). */
export interface CheckedConfig {
  config: LabConfig;
  forced: SettingsProblem[];
}

/** How the pre-flight reads a document: the CLI's `--set path=value` overrides, and the user's choice to run anyway. */
export interface PreflightOptions {
  overrides?: readonly string[];
  runAnyway?: boolean;
}

/**
 * The one pre-flight of a config document, the same for every surface that runs one — a run, a replay, a comparison
 * with the agent, an A/B variant, an eval policy, in the worker and in the CLI: the document (with its overrides)
 * against its profile's schema, then its prompt overrides (a `{{variable}}` the slot does not fill would reach the
 * model as literal braces), then settings that cannot work as set unless the user runs them anyway. Nothing has run
 * when it refuses. The page says the same before the round trip; this is what holds when it does not.
 */
export function preflightConfig(document: ConfigDocument, options: PreflightOptions = {}): CheckedConfig | { refusal: ConfigRefusal } {
  const parsed = parseLabConfig(document, options.overrides);
  if ('issues' in parsed) return { refusal: { code: 'invalid-config', issues: parsed.issues } };
  // Read from the validated config, so a prompt set by an override is checked as the run will send it.
  const prompts = promptProblems(labConfigDocument(parsed.config));
  if (prompts.length > 0) return { refusal: { code: 'invalid-prompt', problems: prompts } };
  const problems = impossibleSettings(parsed.config);
  if (problems.length > 0 && options.runAnyway !== true) return { refusal: { code: 'impossible-settings', problems } };
  return { config: parsed.config, forced: problems };
}

/**
 * A refusal as the engine error a run or a replay answers with. At most ten schema issues, each cut short, so no error
 * echoes a huge payload.
 */
export function refusalError(refusal: ConfigRefusal): EngineError {
  if (refusal.code === 'invalid-config') {
    const listed = refusal.issues.slice(0, 10).map((issue) => `${issue.path.slice(0, 80)}: ${issue.message.slice(0, 120)}`);
    const more = refusal.issues.length > 10 ? `; …and ${refusal.issues.length - 10} more` : '';
    return engineError('invalid-config', `Invalid config: ${listed.join('; ')}${more}`);
  }
  if (refusal.code === 'invalid-prompt') {
    return engineError('invalid-prompt', `A prompt override cannot be sent as written, so nothing ran: ${refusal.problems.map((problem) => problem.message).join(' ')}`);
  }
  return engineError('impossible-settings', `These settings cannot work as set, so nothing ran: ${describeSettingsProblems(refusal.problems)}`);
}
