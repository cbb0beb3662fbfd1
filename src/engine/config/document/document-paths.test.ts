import { describe, expect, it } from 'vitest';
import { pathText, valueAt, withValueAt } from './document-paths';

describe('document paths', () => {
  const document = { profile: 'unified', observationMask: { keepLast: 4 }, operativeSkills: [{ name: 'a' }, { name: 'b' }] };

  it('reads nested values and array items', () => {
    expect(valueAt(document, ['observationMask', 'keepLast'])).toBe(4);
    expect(valueAt(document, ['operativeSkills', 1, 'name'])).toBe('b');
    expect(valueAt(document, ['missing', 'deeper'])).toBeUndefined();
  });

  it('sets without touching the input, creating objects on the way', () => {
    const next = withValueAt(document, ['prompts', 'summary'], 'Sum up.');
    expect(next).toMatchObject({ prompts: { summary: 'Sum up.' }, observationMask: { keepLast: 4 } });
    expect(document).not.toHaveProperty('prompts');
    expect(withValueAt(document, ['operativeSkills', 0, 'name'], 'z')).toMatchObject({ operativeSkills: [{ name: 'z' }, { name: 'b' }] });
  });

  it('removes a value, and the object a removal leaves empty, but keeps a null', () => {
    const withPrompt = withValueAt(document, ['prompts', 'summary'], 'x');
    expect(withValueAt(withPrompt, ['prompts', 'summary'], undefined)).not.toHaveProperty('prompts');
    expect(withValueAt(document, ['observationMask', 'keepLast'], undefined)).not.toHaveProperty('observationMask');
    expect(withValueAt(document, ['triggerRatio'], null)).toHaveProperty('triggerRatio', null);
  });

  it('names paths as the engine does', () => {
    expect(pathText(['operativeSkills', 0, 'name'])).toBe('operativeSkills[0].name');
    expect(pathText(['window'])).toBe('window');
  });
});
