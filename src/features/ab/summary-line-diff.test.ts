import { describe, expect, it } from 'vitest';
import { summaryDiffRows, type RowSide, type SummaryDiffRow } from './summary-line-diff';

/** A side as text with its changed pieces in brackets: "(+[10] more)". */
const shown = (side: RowSide | undefined): string | undefined =>
  side?.segments.map((segment) => (segment.isChanged ? `[${segment.text}]` : segment.text)).join('');
const table = (rows: SummaryDiffRow[]) => rows.map((row) => [row.kind, row.baseline?.number, shown(row.baseline), row.other?.number, shown(row.other)]);

describe('summaryDiffRows', () => {
  it('aligns the lines both summaries wrote and numbers each side on its own', () => {
    const rows = summaryDiffRows('## Done\nread a.ts\n## Files touched\nb.ts', '## Done\nread a.ts\nran the tests\n## Files touched\nb.ts');
    expect(table(rows)).toEqual([
      ['same', 1, '## Done', 1, '## Done'],
      ['same', 2, 'read a.ts', 2, 'read a.ts'],
      ['added', undefined, undefined, 3, '[ran the tests]'],
      ['same', 3, '## Files touched', 4, '## Files touched'],
      ['same', 4, 'b.ts', 5, 'b.ts'],
    ]);
  });

  it('compares words only inside a changed pair of lines, never across lines', () => {
    const rows = summaryDiffRows('### Done\n- [x] two tasks\n### Files touched\n**mix.exs**', '### Done\n- [x] three tasks\n### Files touched\n**mix.exs**');
    expect(table(rows)).toEqual([
      ['same', 1, '### Done', 1, '### Done'],
      ['changed', 2, '- [x] [two] tasks', 2, '- [x] [three] tasks'],
      ['same', 3, '### Files touched', 3, '### Files touched'],
      ['same', 4, '**mix.exs**', 4, '**mix.exs**'],
    ]);
    // No row ever holds text from two different lines of one side.
    expect(rows.every((row) => !shown(row.baseline)?.includes('\n') && !shown(row.other)?.includes('\n'))).toBe(true);
  });

  it('keeps counters whole: "(+10 more)" against "(+86 more)" changes the number, never merges it', () => {
    const [row] = summaryDiffRows('Files read (+10 more)', 'Files read (+86 more)');
    expect(table([row])).toEqual([['changed', 1, 'Files read (+[10] more)', 1, 'Files read (+[86] more)']]);
    const [longer] = summaryDiffRows('Files read (+10 more)', 'Files read (+100 more)');
    expect([shown(longer.baseline), shown(longer.other)]).toEqual(['Files read (+[10] more)', 'Files read (+[100] more)']);
    const [grouped] = summaryDiffRows('kept 9,725 of 12.5k', 'kept 97 of 12.5k');
    expect(shown(grouped.baseline)).toBe('kept [9,725] of 12.5k');
    expect(shown(grouped.other)).toBe('kept [97] of 12.5k');
  });

  it('pairs a stretch of differing lines in order and leaves the rest alone on their side', () => {
    const rows = summaryDiffRows('a\nold one\nold two\nold three\nz', 'a\nnew one\nz');
    expect(table(rows)).toEqual([
      ['same', 1, 'a', 1, 'a'],
      ['changed', 2, '[old] one', 2, '[new] one'],
      ['removed', 3, '[old two]', undefined, undefined],
      ['removed', 4, '[old three]', undefined, undefined],
      ['same', 5, 'z', 3, 'z'],
    ]);
  });

  it('gives identical summaries only unchanged rows', () => {
    const rows = summaryDiffRows('one\ntwo', 'one\ntwo');
    expect(rows.map((row) => row.kind)).toEqual(['same', 'same']);
  });
});
