import { describe, expect, it } from 'vitest';
import { declaredPins } from './declared-pins';

/** A config declaring one pin with a line break inside and one 600-character pin. */
const config = { operativeSkills: [{ name: 'deploy', operative: ['keep\nthis', 'x'.repeat(600)] }] };

describe('declaredPins reads pins as the profile named runs them (its meta says how)', () => {
  it('auto-compactor (seed style): lines trimmed and kept byte for byte, over-long ones rejected', () => {
    expect(declaredPins(config, 'auto-compactor').map((pin) => pin.line)).toEqual(['keep\nthis']);
  });

  it('unified (its own style): line breaks folded, over-long lines cut at 1000 chars but kept', () => {
    expect(declaredPins(config, 'unified').map((pin) => pin.line)).toEqual(['keep this', 'x'.repeat(600)]);
  });

  it("the document's own profile when none is given, and the seed's style for an unknown one", () => {
    expect(declaredPins({ ...config, profile: 'unified' }).map((pin) => pin.line)).toEqual(['keep this', 'x'.repeat(600)]);
    expect(declaredPins({ ...config, profile: 'no-such-profile' }).map((pin) => pin.line)).toEqual(['keep\nthis']);
  });
});
