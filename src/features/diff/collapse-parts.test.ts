import { describe, expect, it } from 'vitest';
import { collapseParts, collapsedCharacters, contextCharacters, type ShownPart, type TextPart } from './collapse-parts';

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
