// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { giveLayout } from '../../state/render-with-state.test-support';
import type { GridCell } from './experiment-view-types';
import { aggregateOf, doneCell } from './experiment-view.test-support';
import { ExperimentsView, type ExperimentResults, type ExperimentsViewProps } from './experiments-view';

let undoLayout: () => void;
beforeEach(() => {
  undoLayout = giveLayout();
});
afterEach(() => {
  cleanup();
  undoLayout();
});

const pass = (assertion: string, actual: number) => ({ assertion, pass: true, actual });
const fail = (assertion: string, actual: number) => ({ assertion, pass: false, actual });
const rule = 'needRetention>=0.8';

function props(overrides: Partial<ExperimentsViewProps> = {}): ExperimentsViewProps {
  return {
    toolbar: { onImport: vi.fn(), onExport: vi.fn(), onShareLink: vi.fn(), onShareFile: vi.fn(), nothingToExportBecause: 'no experiment yet', history: { entries: [], onOpen: vi.fn(), onRename: vi.fn(), onDelete: vi.fn() } },
    definition: {
      transcripts: { options: [{ id: 'sample:a', name: 'a.jsonl', origin: 'sample' }], chosen: [], onToggle: vi.fn(), onAddFiles: vi.fn() },
      configs: { options: [{ id: 'current', name: 'Current config (A)', origin: 'current' }], chosen: [], onToggle: vi.fn(), onAddLink: vi.fn() },
      assertions: { assertions: [], metrics: [{ name: 'needRetention', description: 'need-weighted retention' }], flags: ['over-window'], onAdd: vi.fn(), onRemove: vi.fn() },
      mode: 'compaction',
      onModeChange: vi.fn(),
    },
    run: { cannotRunBecause: 'Choose at least one transcript and one config.', isRunning: false, onRun: vi.fn(), onCancel: vi.fn() },
    cells: { onComparePick: vi.fn(), onCompare: vi.fn(), onOpenInInspector: vi.fn(), onOpenInSession: vi.fn() },
    ...overrides,
  };
}

function results(cells: GridCell[], configs = ['A', 'B'], transcripts = ['one.jsonl', 'two.jsonl', 'three.jsonl']): ExperimentResults {
  return {
    transcripts,
    configs,
    cells,
    aggregates: configs.map((config) => aggregateOf(config, cells)),
    hasAssertions: cells.some((cell) => cell.assertions.length > 0),
    frontier: { contextAfter: ['B'], costUsd: ['B'] },
    best: { config: 'B', why: 'the only config with no assertion failing on any cell: mean need-weighted retention 90.0%, mean context after 20,000 tokens' },
  };
}

const finished = [
  doneCell('one.jsonl', 'A', 30_000, 0.7, [fail(rule, 0.7)], ['over-window']),
  doneCell('two.jsonl', 'A', 40_000, 0.9, [pass(rule, 0.9)]),
  doneCell('three.jsonl', 'A', 50_000, null, [{ assertion: rule, pass: null, actual: null, why: 'need-weighted retention was not measured: nothing later used a compacted fact' }]),
  doneCell('one.jsonl', 'B', 10_000, 0.85, [pass(rule, 0.85)]),
  doneCell('two.jsonl', 'B', 20_000, 0.9, [pass(rule, 0.9)]),
  doneCell('three.jsonl', 'B', 30_000, 0.95, [pass(rule, 0.95)]),
];

describe('the Experiments view', () => {
  it('says what to do when nothing is chosen and nothing has run, and Run is disabled with the reason', () => {
    render(<ExperimentsView {...props()} />);
    expect(screen.getByText('Add transcripts: pick from your workspace, the samples, or drop files here.')).toBeTruthy();
    expect(screen.getByText(/^Add configs:/)).toBeTruthy();
    expect(screen.getByText(/^No results yet:/)).toBeTruthy();
    const run = screen.getByRole('button', { name: 'Run experiment' }) as HTMLButtonElement;
    expect(run.disabled).toBe(true);
    expect(run.getAttribute('aria-describedby')).toBe('experiment-cannot-run');
    expect(document.getElementById('experiment-cannot-run')?.textContent).toBe('Choose at least one transcript and one config.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the progress in words while running, running and failed cells in the grid, and Cancel', () => {
    const onCancel = vi.fn();
    const cells: GridCell[] = [
      doneCell('one.jsonl', 'A', 30_000, 0.8),
      { transcript: 'two.jsonl', config: 'A', status: 'running', assertions: [] },
      { transcript: 'one.jsonl', config: 'B', status: 'failed', error: 'the config was refused: window must be positive', assertions: [] },
    ];
    render(<ExperimentsView {...props({ run: { isRunning: true, progress: { total: 6, finished: 2, running: 1, failed: 1 }, onRun: vi.fn(), onCancel }, results: results(cells) })} />);
    expect(screen.getByTestId('experiment-progress').textContent).toBe('2 of 6 cells · 1 running · 1 failed');
    expect((screen.getByRole('button', { name: 'Run experiment' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    const table = screen.getByRole('table', { name: 'Experiment results' });
    expect(within(table).getByText('running…')).toBeTruthy();
    expect(within(table).getByText('failed: the config was refused: window must be positive')).toBeTruthy();
    expect(within(table).getAllByText('waiting')).toHaveLength(3);
  });

  it('shows the finished grid: figures, flags, assertions named, and the aggregate row per config', () => {
    render(<ExperimentsView {...props({ results: results(finished) })} />);
    const table = screen.getByRole('table', { name: 'Experiment results' });
    expect(within(table).getAllByRole('columnheader').map((head) => head.textContent)).toEqual(['Transcript', 'A', 'B']);
    expect(within(table).getAllByRole('rowheader').map((head) => head.textContent)).toEqual(['one.jsonl', 'two.jsonl', 'three.jsonl', 'All transcripts']);
    const cell = within(table).getByRole('button', { name: 'Run of one.jsonl under A' }).closest('td') as HTMLElement;
    expect(cell.textContent).toContain('Context after 30,000 tokens (15.0% of the window)');
    expect(cell.textContent).toContain('Need-weighted retention 70.0%');
    expect(cell.textContent).toContain('1 compaction · 0 summarizer calls · $0.00');
    expect(within(cell).getByText('over-window').className).toContain('badge');
    expect(within(cell).getByText('✗ needRetention>=0.8 failed (was 0.7)')).toBeTruthy();
    expect(cell.dataset.verdict).toBe('fail');
    const unmeasured = within(table).getByRole('button', { name: 'Run of three.jsonl under A' }).closest('td') as HTMLElement;
    expect(unmeasured.textContent).toContain('Need-weighted retention — (not measured: nothing later used a compacted fact)');
    expect(unmeasured.textContent).toContain('— needRetention>=0.8: need-weighted retention was not measured');
    expect(screen.getByTestId('aggregate-A').textContent).toContain('pass rate 33.3%: 1 of 3 cells pass every assertion; needRetention>=0.8: 1 passed, 1 failed, 1 not measurable');
    expect(screen.getByTestId('aggregate-B').textContent).toContain('Context after mean 20,000, median 20,000 tokens');
    expect(screen.getByTestId('aggregate-B').textContent).toContain('pass rate 100.0%: 3 of 3 cells pass every assertion');
    expect(screen.getByText(/^Context after: context tokens, o200k_base exact \+ the unstored overhead/)).toBeTruthy();
  });

  it('says "cost unknown" for a cell whose price is unknown, never $0', () => {
    const cell = doneCell('one.jsonl', 'A', 30_000, 0.8);
    render(<ExperimentsView {...props({ results: results([{ ...cell, figures: { ...cell.figures!, costUsd: null } }], ['A'], ['one.jsonl']) })} />);
    expect(screen.getByRole('button', { name: 'Run of one.jsonl under A' }).textContent).toContain('cost unknown');
    expect(screen.getByTestId('aggregate-A').textContent).toContain('Mean cost cost unknown');
  });

  it('draws the frontier with each config and names the best config under the assertions', async () => {
    const { container } = render(<ExperimentsView {...props({ results: results(finished) })} />);
    const chart = screen.getByRole('figure', { name: 'Frontier chart' });
    await waitFor(() => expect(container.querySelectorAll('.frontier-points .frontier-dot').length).toBe(2));
    expect(screen.getByTestId('best-config').textContent).toBe('Best under your assertions: B — the only config with no assertion failing on any cell: mean need-weighted retention 90.0%, mean context after 20,000 tokens.');
    const list = within(chart).getByRole('list', { name: 'Configs on the chart' });
    expect(list.textContent).toContain('B: mean context after 20,000 tokens (10,000 tokens to 30,000 tokens), mean need-weighted retention 90.0% (85.0% to 95.0%) — on the frontier');
    expect(list.textContent).toContain('A: mean context after 40,000 tokens (30,000 tokens to 50,000 tokens), mean need-weighted retention 80.0% (70.0% to 90.0%)');
    expect(within(chart).getByRole('list', { name: 'Chart legend' }).textContent).toContain('Pareto frontier');
    fireEvent.change(within(chart).getByRole('combobox', { name: 'Horizontal axis' }), { target: { value: 'costUsd' } });
    expect(list.textContent).toContain('B: mean cost $0.00');
  });

  it('while the experiment runs, follows the points in words and draws the plot only when it ends', async () => {
    const running = { isRunning: true, progress: { total: 6, finished: 6, running: 0, failed: 0 }, onRun: vi.fn(), onCancel: vi.fn() };
    const { container, rerender } = render(<ExperimentsView {...props({ run: running, results: results(finished) })} />);
    const chart = screen.getByRole('figure', { name: 'Frontier chart' });
    expect(container.querySelectorAll('.frontier-dot')).toHaveLength(0);
    expect(within(chart).getByText('The plot is drawn when the experiment ends; the points below follow every finished cell.')).toBeTruthy();
    expect(within(chart).getByRole('list', { name: 'Configs on the chart' }).textContent).toContain('B: mean context after 20,000 tokens');
    rerender(<ExperimentsView {...props({ run: { ...running, isRunning: false }, results: results(finished) })} />);
    await waitFor(() => expect(container.querySelectorAll('.frontier-points .frontier-dot')).toHaveLength(2));
    expect(within(chart).queryByText(/^The plot is drawn when/)).toBeNull();
  });

  it('says why no config is best when none passes', () => {
    render(<ExperimentsView {...props({ results: { ...results(finished), best: { config: null, why: 'no config passes every assertion on every cell (A: needRetention>=0.8 failed on 1 cells)' } } })} />);
    expect(screen.getByTestId('best-config').textContent).toBe('No best config: no config passes every assertion on every cell (A: needRetention>=0.8 failed on 1 cells).');
  });
});
