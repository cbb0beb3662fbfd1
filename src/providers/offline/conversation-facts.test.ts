import { describe, expect, it } from 'vitest';
import { extractFacts } from './conversation-facts';
import { splitTurns } from './conversation-turns';

describe('what the assistant found out (issue 26)', () => {
  it('reads a finding whose number is a long run of digits (hostile pasted text)', () => {
    const digits = '7'.repeat(40_000);
    const facts = extractFacts(splitTurns([
      '[User]: run them',
      `[Assistant]: The suite ran ${digits} tests without a failure this time.`,
    ].join('\n')));
    expect(facts.findings).toEqual([expect.stringMatching(/^The suite ran/)]);
  });
});
