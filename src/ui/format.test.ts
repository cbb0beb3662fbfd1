import { describe, expect, it } from 'vitest';
import { formatSignedUsd, formatUsd, usdDifference } from './format';

describe('the one money format', () => {
  it('says cents from $1 up, four decimals below, "< $0.01" under a cent, and cost unknown for null', () => {
    expect(formatUsd(10.2271)).toBe('$10.23');
    expect(formatUsd(1204.5)).toBe('$1,204.50');
    expect(formatUsd(0.052149)).toBe('$0.0521');
    expect(formatUsd(0.00002)).toBe('< $0.01');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(null)).toBe('cost unknown');
    expect(formatUsd(-0.5)).toBe('−$0.5000');
  });

  it('signs a difference and takes it between the figures as shown, so both sides of the same figures agree', () => {
    expect(formatSignedUsd(0.105)).toBe('+$0.1050');
    expect(formatSignedUsd(-1.2)).toBe('−$1.20');
    expect(formatSignedUsd(0)).toBe('±$0.00');
    expect(formatSignedUsd(-0.0071)).toBe('− under $0.01');
    // $0.16714 shows as $0.1671 and $0.11496 as $0.1150: the raw difference, −$0.05218, would show as −$0.0522 beside them.
    expect(formatSignedUsd(0.11496 - 0.16714)).toBe('−$0.0522');
    expect(formatSignedUsd(usdDifference(0.16714, 0.11496))).toBe('−$0.0521');
    expect(usdDifference(null, 0.1)).toBeNull();
  });
});
