import { describe, expect, it } from 'vitest';
import { sanitizeSummary } from './summary-sanitizer';

describe('summary sanitizer (spec §1.8)', () => {
  it('sanitizer: the incident note is stripped and durable bullets are kept', () => {
    const text = '## Progress\n[context note: your last tool call was dropped by the harness]\n- [x] Landed the fix in src/a.ts.';
    const result = sanitizeSummary(text);
    expect(result.text).toBe('## Progress\n- [x] Landed the fix in src/a.ts.');
    expect(result.stripped).toEqual(['[context note: your last tool call was dropped by the harness]']);
  });

  it('sanitizer: 2 stripped spans are reported', () => {
    const result = sanitizeSummary('- Fixed it. You just pushed the branch.\n[CONTEXT NOTE — trimmed]\nok');
    expect(result.stripped).toHaveLength(2);
    expect(result.text).toBe('- Fixed it.\nok');
  });

  it('sanitizer: durable temporal facts survive', () => {
    const text = '- the last release was v1.0.492\n- The user asked you to re-run the tests after the fix.';
    expect(sanitizeSummary(text)).toEqual({ text, stripped: [] });
  });

  it('sanitizer: hedges survive', () => {
    const text = '- [assumed] the cache may not be warm yet.';
    expect(sanitizeSummary(text).text).toBe(text);
  });

  it('sanitizer: a partial bullet keeps its marker', () => {
    expect(sanitizeSummary('- [x] Landed the fix. Your last edit was trimmed from context.').text).toBe('- [x] Landed the fix.');
  });

  it('sanitizer: modal "you just need to…" survives; "You just pushed the branch." is stripped', () => {
    expect(sanitizeSummary('To finish, you just need to run the build.').text).toBe('To finish, you just need to run the build.');
    expect(sanitizeSummary('Done. You just pushed the branch.').text).toBe('Done.');
    expect(sanitizeSummary('You just ran the suite.').text).toBe('');
  });

  it('sanitizer: "You\'ve just…", "You\'re about to…" and "You were just about to…" are stripped', () => {
    const text = "- You've just opened the file.\n- You're about to deploy.\n- You were just about to commit.\n- kept";
    expect(sanitizeSummary(text).text).toBe('- kept');
  });

  it('sanitizer: a note wrapped over 3 lines is stripped', () => {
    expect(sanitizeSummary('a\n[context note: line one\nline two\nline three]\nb').text).toBe('a\nb');
  });

  it('sanitizer: a note closed 4 or more lines later is kept', () => {
    const text = 'a\n[context note: one\ntwo\nthree\nfour]\nb';
    expect(sanitizeSummary(text).text).toBe(text);
  });

  it('sanitizer: an unterminated note is left alone', () => {
    const text = '[context note: never closed';
    expect(sanitizeSummary(text).text).toBe(text);
  });

  it('sanitizer never touches pinned lines, nor the pinned envelope', () => {
    const pin = 'Always run the tests. You just ran them? Run again.';
    const text = `- ${pin}\n<pinned-skill-directives>\nYou just pushed the branch.\n</pinned-skill-directives>\nYou just pushed the branch.`;
    const result = sanitizeSummary(text, new Set([pin]));
    expect(result.text).toBe(`- ${pin}\n<pinned-skill-directives>\nYou just pushed the branch.\n</pinned-skill-directives>`);
  });
});
