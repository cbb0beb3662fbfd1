import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';
import { shareSchemaVersion } from './share-envelope';
import { shareMigrations } from './share-migrations';
import { readShareDocument } from './share-reading';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');

describe('share envelope migrations', () => {
  it('chain from version 0 to the current version one step at a time', () => {
    expect(shareMigrations.map((step) => step.from)).toEqual(shareMigrations.map((_, index) => index));
    for (const step of shareMigrations) expect(step.to).toBe(step.from + 1);
    expect(shareMigrations.at(-1)?.to).toBe(shareSchemaVersion);
  });

  for (const step of shareMigrations) {
    describe(`version ${step.from} → ${step.to}`, () => {
      const input = `share-v${step.from}.input.json`;
      const expected = `share-v${step.from}.expected.json`;

      it('has its golden fixture pair', () => {
        expect(existsSync(path.join(fixtures, input)), input).toBe(true);
        expect(existsSync(path.join(fixtures, expected)), expected).toBe(true);
      });

      it('turns the old document into exactly the golden text', () => {
        const migrated = step.migrate(JSON.parse(fixture(input)));
        expect(`${canonicalJson(migrated)}\n`).toBe(fixture(expected));
      });

      it('is what reading the old document gives once migrated to the current version', () => {
        const reading = readShareDocument(JSON.parse(fixture(input)));
        expect(reading.status).toBe('ok');
        if (reading.status !== 'ok') return;
        expect(reading.fromVersion).toBe(step.from);
        expect(reading.notices).toHaveLength(shareSchemaVersion - step.from);
        if (step.to === shareSchemaVersion) expect(reading.envelope).toEqual(JSON.parse(fixture(expected)));
      });
    });
  }
});
