import type { z } from 'zod';

// Problems with a config, told by the config reader, the profiles and a run's events alike: this file sits below all
// three folders (it imports none of them), so none of them imports another just to name a problem.

/** One problem in a config, located by its dotted path (`settings.reserveTokens`, `prompts[2]`). */
export interface ConfigIssue {
  path: string;
  message: string;
}

/** A combination of settings no run can succeed with, found before any work: what, why, and how to fix it. */
export interface SettingsProblem {
  /** The config fields involved, by path. */
  fields: string[];
  /** What cannot work, with the values in force. */
  message: string;
  /** What to change, in words. */
  fix: string;
  /** Values that would make it work, by field, for an "apply the fix" action. */
  suggested?: Record<string, number>;
}

/** What an unknown field in a config is told: a typo must not fall back to a default in silence. */
const unknownParameterMessage = 'not a parameter of this profile (a typo would silently fall back to a default, so it is refused)';

function dottedPath(segments: readonly PropertyKey[]): string {
  return segments.reduce<string>((path, segment) => (typeof segment === 'number' ? `${path}[${segment}]` : path ? `${path}.${String(segment)}` : String(segment)), '');
}

/**
 * Turns a zod error into located, readable issues: the path of the bad field first, then what is wrong with it. Zod
 * reports unknown fields once, at their parent; here each is its own issue at its own path, told `unknownMessage`.
 */
export function describeConfigIssues(error: z.ZodError, unknownMessage = unknownParameterMessage): ConfigIssue[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ path: dottedPath([...issue.path, key]), message: unknownMessage }));
    return [{ path: dottedPath(issue.path) || '(root)', message: issue.message }];
  });
}
