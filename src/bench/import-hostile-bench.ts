import { importText } from '../engine';
import { formatMs, formatTable, print, timeSync } from './timing';

/** A Claude Code line whose content is `depth` nested arrays: a record that imports, less its deep part. */
function deepClaudeCodeLine(index: number, depth: number): string {
  const line = JSON.stringify({
    type: 'user', uuid: `u${index}`, parentUuid: index === 0 ? null : `u${index - 1}`, sessionId: 'bench', timestamp: '2026-01-01T00:00:00Z',
    message: { role: 'user', content: '__deep__' },
  });
  return line.replace('"__deep__"', '['.repeat(depth) + ']'.repeat(depth));
}

/** The shapes issue 25 timed: many tiny lines, and lines of 400 KB nested arrays; each should be refused or read in about a second. */
function hostileInputs(): [string, string][] {
  const deepArrays = '['.repeat(200_000) + ']'.repeat(200_000);
  return [
    ['3.5 M two-character lines ({}), 10 MB', '{}\n'.repeat(3_500_000)],
    ['3.5 M two-character lines (ab), 10 MB', 'ab\n'.repeat(3_500_000)],
    ['1 M two-character lines ({}), at the line limit', '{}\n'.repeat(1_000_000)],
    ['4 lines of 200,000 nested arrays (400 KB each)', Array.from({ length: 4 }, () => deepArrays).join('\n')],
    ['25 lines of 200,000 nested arrays (10 MB)', Array.from({ length: 25 }, () => deepArrays).join('\n')],
    ['Claude Code session, 4 lines with 200,000-deep content', Array.from({ length: 4 }, (_, index) => deepClaudeCodeLine(index, 200_000)).join('\n')],
  ];
}

/**
 * Hostile shapes through `importText`: one warm-up, then the median of three. What it is read as says whether it was
 * refused (and why, in the first words of the reason) or imported.
 */
export function runHostileImportBench(): void {
  const rows = hostileInputs().map(([name, text]) => {
    const result = importText(text);
    const times = [0, 1, 2].map(() => timeSync(() => importText(text)).durationMs).sort((left, right) => left - right);
    const outcome = result.report.format ?? `refused: ${(result.report.errors[0]?.message ?? '').split(/[.:]/)[0]}`;
    return [name, outcome, (result.transcripts[0]?.messages.length ?? 0).toLocaleString('en-US'), formatMs(times[1])];
  });
  print('Hostile shapes (issue 25 item 8), median of 3 after a warm-up: refused or read in about a second.');
  print(formatTable(['input', 'outcome', 'messages', 'time'], rows));
}
