import { describe, expect, it } from 'vitest';
import { describeDefault, fieldSpec, fieldSpecs } from './schema-fields';

describe('fieldSpec', () => {
  it('reads integers with their bounds and defaults', () => {
    const spec = fieldSpec('reserveTokens', { type: 'integer', minimum: 0, default: 16384, description: 'Kept free.' });
    expect(spec).toMatchObject({ field: { kind: 'number', isInteger: true, minimum: 0 }, hasDefault: true, defaultValue: 16384, isNullable: false, description: 'Kept free.' });
    expect(describeDefault(spec)).toBe('default: 16,384');
  });

  it('reads a nullable number written as anyOf, and a nullable string written as a type list', () => {
    const ratio = fieldSpec('triggerRatio', { default: null, anyOf: [{ type: 'number', exclusiveMinimum: 0 }, { type: 'null' }] });
    expect(ratio).toMatchObject({ isNullable: true, field: { kind: 'number', isInteger: false, minimum: 0 } });
    expect(describeDefault(ratio)).toBe('default: none');
    expect(fieldSpec('maskCallback', { default: null, type: ['string', 'null'] })).toMatchObject({ isNullable: true, field: { kind: 'text', isLong: true } });
  });

  it('reads enums, booleans, short strings and optional fields without a default', () => {
    expect(fieldSpec('estimator', { type: 'string', enum: ['seed', 'exact'], default: 'seed' }).field).toEqual({ kind: 'enum', options: ['seed', 'exact'] });
    expect(fieldSpec('force', { type: 'boolean', default: false }).field).toEqual({ kind: 'boolean' });
    expect(fieldSpec('summaryMessageId', { type: 'string', default: '__compact-summary' }).field).toEqual({ kind: 'text', isLong: false });
    const keepLast = fieldSpec('keepLast', { type: 'integer', minimum: 0 });
    expect(keepLast.hasDefault).toBe(false);
    expect(describeDefault(keepLast)).toBe('default: unset');
  });

  it('reads arrays of objects, lists of strings and nested objects', () => {
    const skills = fieldSpec('operativeSkills', { type: 'array', default: [], items: { type: 'object', properties: { name: { type: 'string' }, operative: { type: 'array', items: { type: 'string' } } } } });
    expect(skills.field.kind).toBe('object-list');
    if (skills.field.kind !== 'object-list') return;
    expect(fieldSpecs(skills.field.item).map((spec) => spec.field.kind)).toEqual(['text', 'text-list']);
    expect(fieldSpec('observationMask', { type: 'object', properties: { enabled: { type: 'boolean' } } }).field.kind).toBe('object');
  });
});
