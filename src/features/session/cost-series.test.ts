import { describe, expect, it } from 'vitest';
import { costSeries } from './cost-series';
import { handMadeCost } from './replay-cost-table.test-support';
import { handMadeReplay } from './replay-view.test-support';

describe('costSeries', () => {
  it('puts each cumulative cost at its message on the x axis and measures the step a compaction causes', () => {
    const series = costSeries(handMadeReplay(), handMadeCost(), 'message');
    expect(series.policy).toEqual([
      { x: 2, usd: 0.1 },
      { x: 4, usd: 0.2 },
      { x: 4, usd: 0.9 },
      { x: 6, usd: 1.0 },
    ]);
    expect(series.agentLogged.map((point) => point.usd)).toEqual([0.1, 0.1, 0.2, 0.3]);
    // From $0.10 before the compaction to $0.90 after the next call; the agent's same call cost $0.09 by the model.
    expect(series.steps).toHaveLength(1);
    expect(series.steps[0]).toMatchObject({ ordinal: 1, x: 4, before: 0.1, after: 0.9 });
    expect(series.steps[0].agentCallUsd).toBeCloseTo(0.09, 10);
    expect(series.peak).toBe(1);
  });

  it('ends a line at the first unknown price instead of drawing it as free', () => {
    const cost = handMadeCost({ series: [{ atMessage: 1, agentUsd: 0.1, agentSimulatedUsd: 0.1, policyUsd: 0.1 }, { atMessage: 2, agentUsd: null, agentSimulatedUsd: null, policyUsd: null }, { atMessage: 3, agentUsd: 0.5, agentSimulatedUsd: 0.5, policyUsd: 0.5 }] });
    const series = costSeries(handMadeReplay(), cost, 'message');
    expect(series.agentLogged).toEqual([{ x: 2, usd: 0.1 }]);
    expect(series.policy).toEqual([{ x: 2, usd: 0.1 }]);
  });
});

describe('costSeries, a policy line that meets an unknown price', () => {
  it('ends the policy’s line and leaves its compaction’s step open while the agent’s lines go on', () => {
    const cost = handMadeCost({
      series: [
        { atMessage: 1, agentUsd: 0.1, agentSimulatedUsd: 0.1, policyUsd: 0.1 },
        { atMessage: 3, agentUsd: 0.1, agentSimulatedUsd: 0.1, policyUsd: null, compaction: 1 },
        { atMessage: 3, agentUsd: 0.2, agentSimulatedUsd: 0.19, policyUsd: null },
        { atMessage: 5, agentUsd: 0.3, agentSimulatedUsd: 0.29, policyUsd: null },
      ],
    });
    const series = costSeries(handMadeReplay(), cost, 'message');
    expect(series.policy).toEqual([{ x: 2, usd: 0.1 }]);
    expect(series.agentLogged).toEqual([
      { x: 2, usd: 0.1 },
      { x: 4, usd: 0.1 },
      { x: 4, usd: 0.2 },
      { x: 6, usd: 0.3 },
    ]);
    expect(series.steps).toEqual([]);
    expect(series.peak).toBe(0.3);
  });
});
