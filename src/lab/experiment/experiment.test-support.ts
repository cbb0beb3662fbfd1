import type { CellFigures, CellRow, ExperimentDefinition } from './experiment-types';

/** A cell that ran, with plain figures unless said otherwise. */
export function cell(config: string, file: string, figures: Partial<CellFigures> = {}): CellRow {
  return {
    file,
    config,
    mode: 'compaction',
    ok: true,
    contextBefore: 100_000,
    contextAfter: 40_000,
    windowShareAfter: 0.3125,
    needWeighted: 0.9,
    compactions: 1,
    summarizerCalls: 1,
    costUsd: 0,
    flags: [],
    encoding: 'o200k_base',
    ...figures,
    durationMs: 12,
  };
}

/** A cell that did not run. */
export function failedCell(config: string, file: string, error = 'the run did not succeed'): CellRow {
  return { file, config, mode: 'compaction', ok: false, error, durationMs: 3 };
}

/** A definition over the named configs (documents set) and assertions. */
export function definitionOf(configs: readonly string[], assertions: readonly string[] = []): ExperimentDefinition {
  return {
    version: 1,
    mode: 'compaction',
    configs: configs.map((name) => ({ name, document: { profile: 'two-tier', tokenThreshold: 1500 } })),
    assertions: [...assertions],
    transcripts: [
      { name: 'a.jsonl', sha256: 'a'.repeat(64), sizeBytes: 10 },
      { name: 'b.jsonl', sha256: 'b'.repeat(64), sizeBytes: 20 },
    ],
  };
}
