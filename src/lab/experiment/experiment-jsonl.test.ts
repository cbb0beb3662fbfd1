import { describe, expect, it } from 'vitest';
import { readExperimentJsonl, writeExperimentJsonl } from './experiment-jsonl';
import { cell, definitionOf, failedCell } from './experiment.test-support';

const definition = definitionOf(['A', 'B'], ['needRetention>=0.8', 'no:over-window']);
const rows = [
  cell('A', 'a.jsonl', { needWeighted: 0.85 }),
  cell('B', 'a.jsonl', { needWeighted: null, flags: ['over-window', 'no-op-pass'] }),
  { ...cell('A', 'b.jsonl'), run: 2 },
  failedCell('B', 'b.jsonl', 'Invalid config: tokenThreshold: expected number'),
];

describe('the experiment JSONL', () => {
  it('writes a header, a line per cell with its assertions, and a summary; reads back the same definition and rows', () => {
    const text = writeExperimentJsonl(definition, rows);
    const lines = text.trimEnd().split('\n').map((line) => JSON.parse(line) as { type: string; assertions?: unknown[] });
    expect(lines.map((line) => line.type)).toEqual(['experiment', 'cell', 'cell', 'cell', 'cell', 'summary']);
    expect(lines[2].assertions).toEqual([
      { assertion: 'needRetention>=0.8', pass: null, actual: null, why: expect.any(String) },
      { assertion: 'no:over-window', pass: false, actual: 'over-window' },
    ]);
    // A passes both on both its cells; B raised over-window and one of its cells did not run.
    expect(lines[5]).toMatchObject({ type: 'summary', best: { config: 'A' }, frontier: { contextAfter: ['A'] } });
    expect(readExperimentJsonl(text)).toEqual({ definition, rows, skipped: [] });
  });

  it('merges shards of one experiment concatenated, and refuses two different experiments in one file', () => {
    const first = writeExperimentJsonl({ ...definition, transcripts: definition.transcripts.slice(0, 1) }, rows.slice(0, 2));
    const second = writeExperimentJsonl({ ...definition, transcripts: definition.transcripts.slice(1) }, rows.slice(2));
    expect(readExperimentJsonl(first + second)).toEqual({ definition, rows, skipped: [] });
    const other = writeExperimentJsonl({ ...definition, mode: 'replay' }, []);
    expect(readExperimentJsonl(first + other)).toEqual({ error: expect.stringMatching(/^line 5: a second experiment line that differs/) });
  });

  it('reads eval rows of the older format as replay cells under a definition named by their configs', () => {
    const legacy = [
      { type: 'skipped', file: 'broken.jsonl', reason: 'Unknown format' },
      { type: 'row', file: 'a.jsonl', config: 'wide.json', ok: true, steps: 9, compactions: 2, failedCompactions: 0, summarizerCalls: 2, costUsd: 0, tokensToSummarizers: 10, peakTokens: 120_000, shareOverTrigger: 0, shareOverSharedTrigger: 0, gateSawShareOverTrigger: 0, compactionsOverWindow: 1, needWeighted: 0.75, factsLost: 3, policyCostUsd: 1.5, agentCostUsd: null, agentCalls: 0, agentCostRatio: null },
      { type: 'row', file: 'a.jsonl', config: 'small.json', ok: false, error: 'boom', steps: null, compactions: null },
    ].map((line) => JSON.stringify(line)).join('\n');
    const read = readExperimentJsonl(legacy);
    expect(read).toEqual({
      definition: { version: 1, mode: 'replay', configs: [{ name: 'wide.json' }, { name: 'small.json' }], assertions: [], transcripts: [{ name: 'a.jsonl', sha256: '', sizeBytes: null }, { name: 'broken.jsonl', sha256: '', sizeBytes: null }] },
      rows: [
        { file: 'a.jsonl', config: 'wide.json', mode: 'replay', ok: true, contextBefore: null, contextAfter: 120_000, windowShareAfter: null, needWeighted: 0.75, compactions: 2, summarizerCalls: 2, costUsd: 1.5, flags: ['over-window'], encoding: null, durationMs: null },
        { file: 'a.jsonl', config: 'small.json', mode: 'replay', ok: false, error: 'boom', durationMs: null },
      ],
      skipped: [{ file: 'broken.jsonl', reason: 'Unknown format' }],
    });
  });

  it('says which line is wrong and how, never throwing', () => {
    const text = writeExperimentJsonl(definition, rows);
    const lines = text.split('\n');
    expect(readExperimentJsonl('')).toEqual({ error: expect.stringMatching(/no experiment/) });
    expect(readExperimentJsonl(`${lines[0]}\n{"type":"cell",`)).toEqual({ error: expect.stringMatching(/^line 2: not JSON \(/) });
    expect(readExperimentJsonl(`${lines[0]}\n[1,2]`)).toEqual({ error: expect.stringMatching(/^line 2: not an experiment line/) });
    expect(readExperimentJsonl(`${lines[0]}\n{"type":"party"}`)).toEqual({ error: 'line 2: unknown line type "party"; known: experiment, cell, summary, row, skipped' });
    expect(readExperimentJsonl(lines[1])).toEqual({ error: 'line 1: a cell before the experiment line: the file\u2019s first line names the experiment'.replace('\u2019', "'") });
    const badCell = JSON.stringify({ ...JSON.parse(lines[1]), contextAfter: 'big' });
    expect(readExperimentJsonl(`${lines[0]}\n${badCell}`)).toEqual({ error: expect.stringMatching(/^line 2: the cell: contextAfter: /) });
    const stranger = JSON.stringify({ ...JSON.parse(lines[1]), config: 'C' });
    expect(readExperimentJsonl(`${lines[0]}\n${stranger}`)).toEqual({ error: 'line 2: the cell\'s config "C" is not one of the experiment\'s configs' });
    const badAssertion = JSON.stringify({ ...JSON.parse(lines[0]), assertions: ['retention>1'] });
    expect(readExperimentJsonl(badAssertion)).toEqual({ error: expect.stringMatching(/^line 1: the experiment line: assertion "retention>1": unknown metric/) });
    const badVersion = JSON.stringify({ ...JSON.parse(lines[0]), version: 2 });
    expect(readExperimentJsonl(badVersion)).toEqual({ error: expect.stringMatching(/^line 1: the experiment line: version: /) });
  });
});
