import { describe, expect, it } from 'vitest';
import { retentionLines, type RetentionOutput } from './retention-output';

describe('evidence quoted under the compact table (masked before it is cut)', () => {
  it('masks a key in a flag’s evidence even where the cut at 120 characters falls inside it', () => {
    const key = 'sk-proj-AAAAbbbbCCCCddddEEEEffffGGGGhhhh1234';
    const evidence = `${'x'.repeat(80)} ${key} and more`;
    const retention = { total: 0 } as RetentionOutput;
    const [line] = retentionLines(retention, [{ pass: 1, kind: 'lost-fact', message: 'a fact was lost', evidence }]);
    expect(line).toContain('sk-pro… (44 characters)');
    expect(line).not.toContain('AAAAbbbb');
  });
});
