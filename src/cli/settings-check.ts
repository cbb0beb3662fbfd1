import { impossibleSettings } from '../engine/headless';
import type { SettingsProblem } from '../engine';
import type { LabConfig } from '../engine/config';
import { UsageError } from './arguments';

/** One problem in a line: the fields it involves, what cannot work, and the fix (its closing full stop dropped, so clauses can follow). */
function problemText(problem: SettingsProblem): string {
  return `[${problem.fields.join(', ')}] ${problem.message} ${problem.fix.replace(/\.$/, '')}`;
}

/**
 * The refusal of settings that cannot work as set, as one line (the CLI's errors are one line on stderr): the source it
 * came from when there is one (a config file, an A/B variant), every problem with its fields and fix, and the way out.
 */
function settingsRefusal(source: string | undefined, problems: readonly SettingsProblem[]): string {
  const prefix = source === undefined ? '' : `${source}: `;
  return `${prefix}these settings cannot work as set, so nothing ran: ${problems.map(problemText).join('; ')}; pass --run-anyway to run them regardless`;
}

/**
 * Checks a parsed config before any work, with the engine's own rule: returns the problems to run anyway when
 * `runAnyway` is set (empty when there are none), and throws a one-line usage error (exit 2) otherwise. Checked here
 * rather than left to the run so that a refused run writes nothing (no `--out`) and prints nothing on stdout.
 */
export function checkSettings(config: LabConfig, source: string | undefined, runAnyway: boolean): SettingsProblem[] {
  const problems = impossibleSettings(config);
  if (problems.length > 0 && !runAnyway) throw new UsageError(settingsRefusal(source, problems));
  return problems;
}

/** The table's line for a forced run: that it was forced, and why its settings cannot work as set. */
export function forcedSettingsLine(problems: readonly SettingsProblem[] | undefined): string[] {
  if (!problems || problems.length === 0) return [];
  return [`forced: run with --run-anyway although these settings cannot work as set: ${problems.map(problemText).join('; ')}`];
}
