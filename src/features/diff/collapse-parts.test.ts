import { describe, expect, it } from 'vitest';
import { collapseParts, collapsedCharacters, contextCharacters, headEnd, tailStart, type ShownPart, type TextPart } from './collapse-parts';

function shownLength(parts: ShownPart[]): number {
  return parts.reduce((sum, part) => sum + part.text.length + (part.tone === 'elided' ? part.count : 0), 0);
}

describe('collapseParts', () => {
  it('leaves short texts alone', () => {
    const parts: TextPart[] = [{ text: 'short', tone: 'plain' }];
    expect(collapseParts(parts)).toEqual({ parts, isCut: false });
  });

  it('cuts long plain text at the collapsed length and accounts for every character left out', () => {
    const collapsed = collapseParts([{ text: 'x'.repeat(5000), tone: 'plain' }]);
    expect(collapsed.isCut).toBe(true);
    expect(collapsed.parts[0].text).toHaveLength(collapsedCharacters);
    expect(collapsed.parts[1]).toEqual({ tone: 'elided', text: '', count: 5000 - collapsedCharacters });
  });

  it('keeps a change deep inside a long text visible, with context around it', () => {
    const parts: TextPart[] = [
      { text: 'a'.repeat(50_000), tone: 'plain' },
      { text: 'OLD', tone: 'removed' },
      { text: 'NEW', tone: 'added' },
      { text: 'b'.repeat(50_000), tone: 'plain' },
    ];
    const collapsed = collapseParts(parts);
    expect(collapsed.parts.map((part) => part.tone)).toEqual(['elided', 'plain', 'removed', 'added', 'plain', 'elided']);
    expect(collapsed.parts[1].text).toBe('a'.repeat(contextCharacters));
    expect(shownLength(collapsed.parts)).toBe(100_006);
  });

  it('shrinks a long deletion to its two ends', () => {
    const parts: TextPart[] = [
      { text: 'kept ', tone: 'plain' },
      { text: `start${'x'.repeat(5000)}end`, tone: 'removed' },
      { text: '[masked]', tone: 'added' },
    ];
    const collapsed = collapseParts(parts);
    expect(collapsed.parts.map((part) => part.tone)).toEqual(['plain', 'removed', 'elided', 'removed', 'added']);
    expect(collapsed.parts[1].text.startsWith('start')).toBe(true);
    expect(collapsed.parts[3].text.endsWith('end')).toBe(true);
    expect(shownLength(collapsed.parts)).toBe(5 + 5008 + 8);
  });
});

describe('collapsed previews cut at line boundaries', () => {
  const header = 'PINNED OPERATIVE LINES — the rules listed here come from skill manifests and must reach your checkpoint exactly as written. Reproduce each one down to the last character; a reworded, shortened, translated or missing rule counts as lost:';

  it('shows the whole line before a pinned line, not its last characters from mid-word', () => {
    const parts: TextPart[] = [
      { text: `${'Earlier summary line.\n'.repeat(300)}${header}\n- "`, tone: 'plain' },
      { text: 'Never push to main without review.', tone: 'pinned' },
      { text: `" (pinned from skill \`rules\`)\n${'Later line.\n'.repeat(300)}`, tone: 'plain' },
    ];
    const collapsed = collapseParts(parts);
    const firstShown = collapsed.parts.find((part) => part.tone === 'plain');
    expect(firstShown?.text.startsWith('PINNED OPERATIVE LINES')).toBe(true);
    for (const part of collapsed.parts) if (part.tone === 'plain') expect(part.text.endsWith('\n') || part.text.startsWith('PINNED') || part.text.startsWith('" (pinned')).toBe(true);
    expect(shownLength(collapsed.parts)).toBe(parts.reduce((sum, part) => sum + part.text.length, 0));
  });

  it('ends a cut plain text at a word when a line is longer than the preview', () => {
    const words = 'lorem ipsum dolor sit amets '.repeat(300);
    const collapsed = collapseParts([{ text: words, tone: 'plain' }]);
    expect(collapsed.parts[0].text.length).toBeLessThanOrEqual(collapsedCharacters);
    expect(collapsed.parts[0].text.endsWith(' ')).toBe(true);
    expect(shownLength(collapsed.parts)).toBe(words.length);
  });

  it('tailStart and headEnd land on line starts and ends', () => {
    const text = `${'a'.repeat(50)}\n${'b'.repeat(150)}\n${'c'.repeat(100)}`;
    expect(text[tailStart(text, 200) - 1]).toBe('\n');
    expect(text.slice(tailStart(text, 200))).toBe(`${'b'.repeat(150)}\n${'c'.repeat(100)}`);
    expect(text.slice(0, headEnd(text, 120))).toBe(`${'a'.repeat(50)}\n${'b'.repeat(150)}\n`);
  });
});
