import type { z } from 'zod';

/** One problem in a config, located by its dotted path (`settings.reserveTokens`, `prompts[2]`). */
export interface ConfigIssue {
  path: string;
  message: string;
}

/** Turns a zod error into located, readable issues: the path of the bad field first, then what is wrong with it. */
export function describeConfigIssues(error: z.ZodError): ConfigIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.reduce<string>((path, segment) => (typeof segment === 'number' ? `${path}[${segment}]` : path ? `${path}.${String(segment)}` : String(segment)), '') || '(root)',
    message: issue.message,
  }));
}
