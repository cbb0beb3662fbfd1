import { describe, expect, it } from 'vitest';
import { readBindings, readLiteral, type ReadValue } from './code-reader.test-support';
import { dartString } from '../../profiles/code/dart-literal';
import { renderConfigCode, type ConfigCode } from './render-config-code';

/** A tricky prompt: quotes of both kinds, newlines, Dart interpolation shapes, Harn variables and a backslash. */
const trickyPrompt = 'It\'s "checkpoint" time:\n- keep $HOME and ${path}\n\t{{formatted_messages}} \\ done\r\n';

function render(document: Record<string, unknown>, emitAll = false): ConfigCode {
  const rendered = renderConfigCode(document, 'dart', { emitAll });
  if ('issues' in rendered) throw new Error(JSON.stringify(rendered.issues));
  return rendered;
}

type Read = Record<string, ReadValue>;

function milliseconds(duration: ReadValue): number {
  const parts = duration as Record<string, number>;
  expect(parts.$call).toBe('Duration');
  return (parts.minutes ?? 0) * 60_000 + (parts.seconds ?? 0) * 1000 + (parts.milliseconds ?? 0) + (parts.microseconds ?? 0) / 1000;
}

describe('Dart AutoCompactor snippet', () => {
  const tuned = {
    schemaVersion: 1,
    profile: 'auto-compactor',
    window: 200000,
    reserveTokens: 50000,
    keepRecentTokens: 80000,
    triggerRatio: 0.7,
    maxPasses: 4,
    maxAttempts: 2,
    baseBackoffMs: 1500,
    force: true,
    attemptBudgetMs: 7000,
    totalBudgetMs: 540000,
    estimator: 'exact',
    prompts: { summarySystem: trickyPrompt, summaryUpdate: 'Merge "$new" into \'old\'', customInstructions: 'Focus on ${costs}\nand $money', pinnedBlockHeader: 'KEEP $these:', trimMarker: '{{dropped_count}} gone at $time' },
    operativeSkills: [
      { name: 'deploy', operative: ['Always run `make check` before "deploy"', 'Budget: $3 per call'], isRead: true },
      { name: 'it\'s', operative: ['line\nwith newline'] },
    ],
  };

  it('keeps every tuned value through the rendering', () => {
    const { code } = render(tuned);
    const read = readBindings(code, 'dart');
    expect(read.settings).toEqual({ $call: 'CompactionSettings', enabled: true, reserveTokens: 50000, keepRecentTokens: 80000, triggerRatio: 0.7 });
    const compactor = read.compactor as Read;
    expect(compactor.$call).toBe('AutoCompactor');
    expect(compactor.window).toBe(200000);
    expect(compactor.settings).toEqual({ $ref: 'settings' });
    expect([compactor.maxPasses, compactor.maxAttempts, compactor.force]).toEqual([4, 2, true]);
    expect([compactor.baseBackoff, compactor.attemptBudget, compactor.totalBudget].map(milliseconds)).toEqual([1500, 7000, 540000]);
    expect(compactor.prompts).toEqual({ $call: 'defaultCompactionPrompts.copyWith', system: trickyPrompt, summaryUpdate: 'Merge "$new" into \'old\'' });
    expect(compactor.operativeSkills).toEqual([
      { $call: 'Skill', name: 'deploy', operative: tuned.operativeSkills[0].operative },
      { $call: 'Skill', name: 'it\'s', operative: ['line\nwith newline'] },
    ]);
    for (const host of ['session', 'state', 'summary', 'mainSummary', 'smolModel', 'hooks']) expect(compactor[host]).toEqual({ $ref: host });
  });

  it('puts what AutoCompactor has no argument for in comments, with the value intact', () => {
    const { code } = render(tuned);
    const custom = /^\/\/ prompts\.customInstructions: ('.*') — /m.exec(code);
    expect(custom && readLiteral(custom[1], 'dart')).toBe('Focus on ${costs}\nand $money');
    expect(code).toMatch(/^\/\/ estimator: 'exact' — /m);
    const header = /^\/\/ prompts\.pinnedBlockHeader: ('.*') — no AutoCompactor argument: pinnedOperativePromptBlock/m.exec(code);
    expect(header && readLiteral(header[1], 'dart')).toBe('KEEP $these:');
    const trim = /^\/\/ prompts\.trimMarker: ('.*') — no AutoCompactor argument: the seed's local trim writes its marker as fixed text$/m.exec(code);
    expect(trim && readLiteral(trim[1], 'dart')).toBe('{{dropped_count}} gone at $time');
    expect(code).toMatch(/Skill\(name: 'deploy'.*\/\/ isRead: true/);
  });

  it('writes only the required window for a default config, and everything with emitAll', () => {
    const defaults = render({ profile: 'auto-compactor' });
    expect(readBindings(defaults.code, 'dart').settings).toEqual({ $ref: 'defaultCompactionSettings' });
    const compactor = readBindings(defaults.code, 'dart').compactor as Read;
    expect(Object.keys(compactor).filter((key) => key !== '$call').sort()).toEqual(['hooks', 'mainSummary', 'session', 'settings', 'smolModel', 'state', 'summary', 'window']);
    const all = readBindings(render({ profile: 'auto-compactor' }, true).code, 'dart');
    const full = all.compactor as Read;
    expect(milliseconds(full.totalBudget)).toBe(900_000);
    expect(milliseconds(full.baseBackoff)).toBe(1000);
    expect(full.maxPasses).toBe(8);
    expect(all.settings).toMatchObject({ reserveTokens: 16384, keepRecentTokens: 20000 });
  });

  it('renders the unified profile\'s Dart-shaped fields and says the rest has no counterpart', () => {
    const { code, notes } = render({ profile: 'unified', window: 64000, reserveTokens: 8000, maxPasses: 3, toolOutputMaxChars: 4000, localTrim: false, stallRatio: 0.2 });
    expect(code).toMatch(/The unified profile is not the Dart AutoCompactor/);
    const compactor = readBindings(code, 'dart').compactor as Read;
    expect([compactor.window, compactor.maxPasses]).toEqual([64000, 3]);
    expect(readBindings(code, 'dart').settings).toMatchObject({ reserveTokens: 8000 });
    expect(code).toMatch(/^\/\/ toolOutputMaxChars: 4000 — /m);
    expect(code).toMatch(/^\/\/ localTrim: false — /m);
    expect(code).toMatch(/^\/\/ stallRatio: 0\.2 — /m);
    expect(notes.length).toBeGreaterThan(0);
  });

  it('says a seed-2 or seed-3 profile has no Dart counterpart instead of inventing arguments', () => {
    const { code, notes } = render({ profile: 'two-tier', keepLast: 6, summarizePrompt: 'x $y' });
    expect(code).not.toMatch(/AutoCompactor\(/);
    expect(code).toMatch(/different seed/);
    const line = /^\/\/ summarizePrompt: ('.*') — /m.exec(code);
    expect(line && readLiteral(line[1], 'dart')).toBe('x $y');
    expect(notes[0]).toMatch(/Render it as Harn/);
  });
});

describe('dartString', () => {
  it('escapes quotes, backslashes, dollars and control characters onto one line', () => {
    const text = 'a\'b"c\\d$e${f}\n\r\t\u0001\u2028end';
    const literal = dartString(text);
    expect(literal).not.toMatch(/\n|\r|\u2028/);
    expect(readLiteral(literal, 'dart')).toBe(text);
  });
});
