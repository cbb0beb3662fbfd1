import type { SettingsProblem } from '../engine';
import type { ConfigRefusal } from '../lab/preflight';

/** One problem in a line: the fields it involves, what cannot work, and the fix (its closing full stop dropped, so clauses can follow). */
function problemText(problem: SettingsProblem): string {
  return `[${problem.fields.join(', ')}] ${problem.message} ${problem.fix.replace(/\.$/, '')}`;
}

/**
 * A config refused by the pre-flight, as one line (the CLI's errors are one line on stderr): the source it came from
 * when there is one (a config file, an A/B variant), then every issue at its field — schema issues by path, prompt
 * problems naming the prompt and its path, or settings that cannot work with their fields, fixes and the way out.
 */
export function refusalLine(refusal: ConfigRefusal, source: string | undefined): string {
  const prefix = source === undefined ? '' : `${source}: `;
  if (refusal.code === 'invalid-config') return `${prefix}invalid config: ${refusal.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`;
  if (refusal.code === 'invalid-prompt') return `${prefix}invalid prompt, so nothing ran: ${refusal.problems.map((problem) => problem.message).join(' ')}`;
  return `${prefix}these settings cannot work as set, so nothing ran: ${refusal.problems.map(problemText).join('; ')}; pass --run-anyway to run them regardless`;
}

/** The table's line for a forced run: that it was forced, and why its settings cannot work as set. */
export function forcedSettingsLine(problems: readonly SettingsProblem[] | undefined): string[] {
  if (!problems || problems.length === 0) return [];
  return [`forced: run with --run-anyway although these settings cannot work as set: ${problems.map(problemText).join('; ')}`];
}
