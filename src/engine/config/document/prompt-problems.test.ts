import { describe, expect, it } from 'vitest';
import { promptProblems } from './prompt-problems';

describe('promptProblems', () => {
  it('is empty for defaults and for overrides that use only the slot’s variables', () => {
    expect(promptProblems({ profile: 'two-tier' })).toEqual([]);
    expect(promptProblems({ profile: 'two-tier', summarizePrompt: 'Archived {{archived_count}}:\n{{ formatted_messages }}' })).toEqual([]);
    expect(promptProblems({ profile: 'auto-compactor', prompts: { summary: 'Summarize.' } })).toEqual([]);
  });

  it('names a mistyped variable, the slot and what it may use', () => {
    const problems = promptProblems({ profile: 'two-tier', summarizePrompt: 'Archived {{archive_count}}: {{formatted_messages}}' });
    expect(problems).toHaveLength(1);
    expect(problems[0].path).toBe('summarizePrompt');
    expect(problems[0].message).toContain('{{archive_count}}');
    expect(problems[0].message).toContain('summarizePrompt');
    expect(problems[0].message).toContain('{{archived_count}}');
  });

  it('names an upstream placeholder and the variable to write instead', () => {
    const problems = promptProblems({ profile: 'two-tier', summarizePrompt: 'Summarize:\n{formatted}' });
    expect(problems).toEqual([{ slotId: 'summarizePrompt', path: 'summarizePrompt', message: expect.stringContaining('{formatted} → {{formatted_messages}}') }]);
  });

  it('reads the auto-compactor’s prompts by their nested path, the default profile when none is named', () => {
    const problems = promptProblems({ prompts: { summaryUpdate: 'Update {{previous}}', turnPrefix: 'ok' } });
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toContain('prompts.summaryUpdate');
    expect(problems[0].message).toContain('it takes no variables');
  });

  it('ignores prompts of other profiles and documents of no known profile', () => {
    expect(promptProblems({ profile: 'rolling-summary', summarizePrompt: '{{x}}' })).toEqual([]);
    expect(promptProblems({ profile: 'rolling-summary', systemPrompt: '{{x}}' })).toHaveLength(1);
        expect(promptProblems({ profile: 'unknown' })).toEqual([]);
  });
});
