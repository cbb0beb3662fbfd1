import { describe, expect, it } from 'vitest';
import { handMadeCompaction, handMadeReplay } from './replay-view.test-support';
import { sessionLimits } from './session-limits';

describe('sessionLimits', () => {
  it('an exact gate draws its own trigger and says the chart adds the overhead the gate does not count', () => {
    const limits = sessionLimits(handMadeReplay(), { window: 2000, trigger: 1500, reserve: 100 });
    expect(limits.lines.find((line) => line.id === 'trigger')?.value).toBe(900);
    expect(limits.gateNote).toMatch(/exactly, without the system prompt and tools not in the file, which this chart adds/);
  });

  it('an estimating gate draws the config\u2019s trigger and says the gate counts in its own units', () => {
    const estimated = handMadeCompaction(1, 3, { gate: { tokens: 1000, threshold: 900, fires: true, basis: 'estimate' } });
    const limits = sessionLimits(handMadeReplay([estimated]), { window: 2000, trigger: 1500, reserve: 100, estimateBasis: 'chars/4' });
    expect(limits.lines.find((line) => line.id === 'trigger')?.value).toBe(1500);
    expect(limits.gateNote).toMatch(/in its own units: chars\/4/);
  });
});
