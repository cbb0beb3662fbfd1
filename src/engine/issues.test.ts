import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { describeConfigIssues } from './issues';

describe('describeConfigIssues', () => {
  it('names the path of every bad field', () => {
    const schema = z.object({ window: z.number().int().positive(), prompts: z.array(z.string()), settings: z.object({ ratio: z.number().max(1) }) });
    const parsed = schema.safeParse({ window: -5, prompts: ['a', 3], settings: { ratio: 2 } });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const paths = describeConfigIssues(parsed.error).map((issue) => issue.path);
    expect(paths).toEqual(['window', 'prompts[1]', 'settings.ratio']);
  });

  it('names each unknown field at its own path, not once at its parent', () => {
    const schema = z.strictObject({ window: z.number(), settings: z.strictObject({ ratio: z.number() }) });
    const parsed = schema.safeParse({ window: 1, windw: 2, settings: { ratio: 1, ration: 2 } });
    if (parsed.success) throw new Error('accepted unknown fields');
    const issues = describeConfigIssues(parsed.error);
    expect(issues.map((issue) => issue.path).sort()).toEqual(['settings.ration', 'windw']);
    for (const issue of issues) expect(issue.message).toMatch(/^not a parameter of this profile/);
  });
});
