import { describe, expect, it } from 'vitest';
import { prefixCountingCounter } from '../../engine/headless';
import { listFixtureFiles, readFixture, seededRandom } from '../../engine/formats/fixture-files.test-support';
import { loadTokenCounter } from './token-counter';

/** Pieces of real transcripts (code, JSON, prose, logs, other scripts), so the boundaries fall in every kind of text. */
function realPieces(): string[] {
  const text = listFixtureFiles().slice(0, 8).map((name) => readFixture(name)).join('\n');
  const random = seededRandom(18);
  return Array.from({ length: 120 }, () => {
    const start = Math.floor(random() * (text.length - 6000));
    return text.slice(start, start + 200 + Math.floor(random() * 5000));
  });
}

const hostile = ['word.\n\n', 'Ünïcödé wörds ', '日本語のテキスト ', "it's ", 'x\u0301 ', '  \n  ', '1234567 ', 'a/b/c ', '🙂 emoji ', 'ABCdef GHI '];

describe('prefixCountingCounter', () => {
  for (const encoding of ['o200k_base', 'cl100k_base'] as const) {
    it(`counts ever-longer texts exactly as counting them whole does (${encoding})`, async () => {
      const counter = await loadTokenCounter(encoding);
      let charsCounted = 0;
      const prefixCounting = prefixCountingCounter({ ...counter, count: (text) => ((charsCounted += text.length), counter.count(text)) });
      let charsAsked = 0;
      const pieces = realPieces();
      let text = '';
      let checked = 0;
      pieces.forEach((piece, index) => {
        // Joined as the rolling summary joins its turns, with hostile seams between some of them.
        text += (index > 0 ? '\n\n' : '') + piece + hostile[index % hostile.length];
        if (text.length < 16_384) return;
        expect(prefixCounting.count(text)).toBe(counter.count(text));
        charsAsked += text.length;
        checked += 1;
      });
      expect(checked).toBeGreaterThan(80);
      // The shared part was not counted again: a small share of what was asked reached the counter.
      expect(charsCounted / charsAsked).toBeLessThan(0.2);
      // A text that does not extend the last one is counted whole and right too.
      const other = pieces.slice(30).join(' ');
      expect(prefixCounting.count(other)).toBe(counter.count(other));
    });
  }
});
