// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { contextBasis } from '../../engine';
import { costSeries } from './cost-series';
import { ReplayCostTable } from './replay-cost-table';
import { SessionTooltip } from './session-tooltip';
import { sessionSeries } from './session-series';
import { handMadeReplay } from './replay-view.test-support';
import { handMadeCost } from './replay-cost-table.test-support';

afterEach(cleanup);

/** The text of one row of the cost table, by its id. */
function row(id: string): string {
  return within(screen.getByRole('table', { name: 'Replay cost' })).getAllByRole('row').find((candidate) => candidate.getAttribute('data-cost') === id)?.textContent ?? '';
}

describe('ReplayCostTable', () => {
  it('sets the policy’s bill beside the agent’s logged one and the agent’s by the cache model, and states the difference on that one basis', () => {
    render(<ReplayCostTable a={{ cost: handMadeCost(), isOffline: false }} />);
    const headers = within(screen.getByRole('table', { name: 'Replay cost' })).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['US dollars', 'Agent, logged', 'Agent, cache model', 'Policy, cache model']);
    expect(row('total')).toBe('Total$1.20$1.17$2.50');
    expect(row('summarizer')).toBe('Summarizer calls—*—*$0.1000');
    // The agent's logged bill by kind beside the model's and the policy's agent calls.
    expect(row('input')).toBe('uncached input$0.1000$0.0700$0.1000');
    expect(row('cache-write')).toBe('cache writes$0.5000$0.5000$1.50');
    expect(row('cache-read')).toBe('cache reads$0.4000$0.4000$0.6000');
    expect(row('output')).toBe('output$0.2000$0.2000$0.2000');
    // $2.50 − ($0.97 + $0.20): against the agent by the cache model, never against its logged bill.
    expect(row('difference')).toBe('Policy − agent (cache model)+$1.33');
    expect(screen.getByRole('note').textContent).toBe(
      "The cache model bills the agent's own 10 calls at $0.9700 (input side: uncached input, cache writes and reads) vs $1.00 logged (ratio 0.97). Within 10 %.",
    );
    expect(screen.getByText('What the cost assumes')).toBeTruthy();
    // The footnote's "cache model" opens its glossary entry.
    expect(document.querySelector('[data-term="cache-model"]')?.textContent).toBe('cache model');
  });

  it('says where the cache model misses the agent’s bill by more than 10 %, by cause', () => {
    const misses = [{ cause: 'new-turn-miss' as const, calls: 3, words: 'missed the cache at a new human turn', gapUsd: -0.2 }];
    render(<ReplayCostTable a={{ cost: handMadeCost({ agent: { simulatedUsd: 0.8, ratio: 0.8, misses } }), isOffline: false }} />);
    expect(screen.getByRole('note').textContent).toContain('(ratio 0.80). It misses by more than 10 %: 3 calls missed the cache at a new human turn.');
  });

  it('reads a model with no price as cost unknown, naming it, never $0', () => {
    const cost = handMadeCost({ agent: { loggedUsd: null, simulatedUsd: null, outputUsd: null, ratio: null, unknownModels: ['house-model'] }, policy: { totalUsd: null, agentCallsUsd: null, cacheWriteUsd: null, cacheReadUsd: null, inputUsd: null, outputUsd: null, unknownModels: ['house-model'] } });
    render(<ReplayCostTable a={{ cost, isOffline: true }} />);
    const unknown = 'cost unknown (no price for house-model)';
    expect(row('total')).toBe(`Total${unknown}${unknown}${unknown}`);
    expect(row('difference')).toBe('Policy − agent (cache model)cost unknown');
    expect(row('total')).not.toContain('$0');
    expect(screen.getByRole('note').textContent).toContain('at cost unknown (no price for house-model)');
  });

  it('says the summarizer was offline, and what a source without logged usage left to assume', () => {
    const noUsage = 'The source logged no usage: every assistant message of the main conversation is taken as one call.';
    const cost = handMadeCost({ agent: { loggedUsd: null, simulatedUsd: null, outputUsd: null, ratio: null, calls: 0 }, policy: { summarizerUsd: 0 }, assumptions: [noUsage] });
    render(<ReplayCostTable a={{ cost, isOffline: true }} />);
    expect(row('summarizer')).toContain('$0 (offline)');
    expect(row('total')).toBe('Totalno usage loggedno usage logged$2.50');
    expect(screen.getByRole('note').textContent).toContain('The source logged no usage');
    expect(screen.getByText(noUsage)).toBeTruthy();
  });

  it('says why a replay has no cost, and shows policy B’s bill beside A’s', () => {
    const { unmount } = render(<ReplayCostTable a={{ costProblem: 'The price catalog could not be loaded (offline): cost unknown.', isOffline: true }} />);
    expect(screen.getByText('The price catalog could not be loaded (offline): cost unknown.')).toBeTruthy();
    unmount();
    render(<ReplayCostTable a={{ cost: handMadeCost(), isOffline: false }} b={{ cost: handMadeCost({ policy: { totalUsd: 1.25 } }), isOffline: false }} />);
    expect(row('total')).toBe('Total$1.20$1.17$2.50$1.25');
    expect(row('difference')).toBe('Policy − agent (cache model)+$1.33+$0.0800');
  });
});

describe('SessionTooltip with the cost lines', () => {
  it('says the cost so far at the hovered point, the agent’s as logged and by the cache model beside the policy’s', () => {
    const replay = handMadeReplay();
    const series = sessionSeries(replay, contextBasis('o200k_base', undefined), 'message');
    render(<SessionTooltip active label={5} a={series} axis="message" costs={{ a: costSeries(replay, handMadeCost(), 'message') }} />);
    expect(screen.getByText(/^Cost so far:/).textContent).toBe('Cost so far: the agent as logged $0.2000 · by the cache model $0.1900 · the policy $0.9000');
  });
});
