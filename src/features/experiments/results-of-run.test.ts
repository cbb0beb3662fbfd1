import { describe, expect, it } from 'vitest';
import { cellsOf, progressOf } from '../../state/experiment-cells';
import type { ExperimentRun } from '../../state/experiment-history';
import type { ExperimentDefinition } from '../../worker-client/experiment-protocol';
import { cellOf, progressOfRun, resultsOfRun } from './results-of-run';

const definition: ExperimentDefinition = {
  version: 1,
  mode: 'compaction',
  configs: [{ name: 'A' }, { name: 'B' }],
  assertions: ['needRetention>=0.8'],
  transcripts: [{ name: 'one.jsonl', sha256: 'aa', sizeBytes: 10 }, { name: 'evals.jsonl', sha256: 'bb', sizeBytes: 20, run: 2 }],
};

function runWith(change: (cells: ReturnType<typeof cellsOf>) => ReturnType<typeof cellsOf>): ExperimentRun {
  const cells = change(cellsOf(definition));
  return { id: 'x', name: 'x', definition, origin: 'run', status: 'running', cells, progress: progressOf(cells), startedAt: 0, skipped: [] };
}

const figures = { contextBefore: 1000, contextAfter: 400, windowShareAfter: 0.2, needWeighted: 0.9, compactions: 1, summarizerCalls: 1, costUsd: null, flags: [], encoding: 'o200k_base' as const };

describe('an experiment run as the grid shows it', () => {
  it('names each row by its file (and run), maps the store’s statuses and rows, and counts progress', () => {
    const run = runWith((cells) =>
      cells.map((cell, index) =>
        index === 0
          ? { ...cell, status: 'done', row: { file: 'one.jsonl', config: 'A', mode: 'compaction', ok: true, durationMs: 5, ...figures }, assertions: [{ assertion: 'needRetention>=0.8', pass: true, actual: 0.9 }] }
          : index === 1
            ? { ...cell, status: 'failed', row: { file: 'one.jsonl', config: 'B', mode: 'compaction', ok: false, error: 'the config was refused', durationMs: null } }
            : index === 2
              ? { ...cell, status: 'running' }
              : cell,
      ),
    );
    const results = resultsOfRun(run);
    expect(results.transcripts).toEqual(['one.jsonl', 'evals.jsonl · run 2']);
    expect(results.configs).toEqual(['A', 'B']);
    expect(results.hasAssertions).toBe(true);
    expect(results.cells.map((cell) => cell.status)).toEqual(['done', 'failed', 'running', 'waiting']);
    expect(results.cells[0].figures?.contextAfter).toBe(400);
    expect(results.cells[1].error).toBe('the config was refused');
    expect(results.best).toEqual({ config: null, why: 'the experiment is still running' });
    expect(progressOfRun(run)).toEqual({ total: 4, finished: 2, running: 1, failed: 1 });
    expect(cellOf(run, { transcript: 'evals.jsonl · run 2', config: 'B' })?.key).toBe(run.cells[3].key);
  });
});
