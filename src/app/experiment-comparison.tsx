import { useEffect, useState } from 'react';
import type { ContextBasis, EncodingName } from '../engine';
import type { ExperimentCell } from '../state/experiment-cells';
import type { ExperimentRun } from '../state/experiment-history';
import { useLabStore } from '../state/store';
import { labClient } from '../worker-client/lab-client';
import { unwrap } from '../worker-client/reply';
import { CompareStates } from '../features/diff/compare-states';
import type { CompareSide } from '../features/diff/compare-side';
import { originalState, passState } from '../features/diff/diff-state';
import { cellBytes } from '../state/open-cell';

type Comparison = { status: 'working' } | { status: 'problem'; message: string } | { status: 'ready'; left: CompareSide; right: CompareSide; basis: ContextBasis };

const cellName = (cell: ExperimentCell): string => `${cell.config} on ${cell.transcript.name}${cell.transcript.run === undefined ? '' : ` (run ${cell.transcript.run})`}`;

/** Runs a cell's config once more on its transcript (in the worker) for the state its compaction leaves; the figures are the cell's own. */
async function sideOf(run: ExperimentRun, cell: ExperimentCell, transcriptKey: string, original: CompareSide['state']['messages'], encoding: EncodingName): Promise<CompareSide> {
  const document = run.definition.configs.find((config) => config.name === cell.config)?.document;
  if (!document) throw new Error(`${cell.config} has no config document (read from eval output that names it only)`);
  const answer = unwrap(await labClient.compact({ transcriptKey, config: document, encoding }, () => undefined));
  const { passes } = answer.result;
  const row = cell.row?.ok ? cell.row : undefined;
  return {
    label: cell.config,
    state: passes.length === 0 ? originalState(original) : passState(passes, passes.length),
    figures: { context: row ? { tokens: row.contextAfter } : undefined, needRetention: row?.needWeighted ?? undefined },
  };
}

/** Two cells of one transcript side by side (keyed by the pair: another pair starts afresh): the Diff's two sides and its metric table, each side the state its config leaves. */
export function ExperimentComparison({ run, left, right }: { run: ExperimentRun; left: ExperimentCell; right: ExperimentCell }) {
  const encoding = useLabStore((state) => state.encoding);
  const [comparison, setComparison] = useState<Comparison>({ status: 'working' });
  const isSameTranscript = left.transcript.sha256 === right.transcript.sha256 && left.transcript.run === right.transcript.run;
  useEffect(() => {
    if (!isSameTranscript) return;
    let isCurrent = true;
    void (async () => {
      try {
        const bytes = await cellBytes(left);
        if (!bytes) throw new Error(`${left.transcript.name} is not in this workspace: open the file once on this page, then compare again`);
        const imported = unwrap(await labClient.importFile(new File([bytes as Uint8Array<ArrayBuffer>], left.transcript.name)));
        const index = (left.transcript.run ?? 1) - 1;
        const transcriptKey = imported.transcriptKeys[index];
        const original = imported.transcripts[index]?.messages ?? [];
        if (!transcriptKey) throw new Error(`${left.transcript.name} has no run ${index + 1}`);
        const sides = [await sideOf(run, left, transcriptKey, original, encoding), await sideOf(run, right, transcriptKey, original, encoding)];
        const cellEncoding = (left.row?.ok ? left.row.encoding : null) ?? encoding;
        if (isCurrent) setComparison({ status: 'ready', left: sides[0], right: sides[1], basis: { kind: 'encoding', encoding: cellEncoding, overheadTokens: 0 } });
      } catch (error) {
        if (isCurrent) setComparison({ status: 'problem', message: error instanceof Error ? error.message : String(error) });
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, [run, left, right, encoding, isSameTranscript]);
  return (
    <section className="experiment-comparison" aria-label="Comparison of two runs">
      <h3>
        {cellName(left)} against {cellName(right)}
      </h3>
      {!isSameTranscript ? (
        <p className="alert alert-warning">These cells ran on different transcripts: a comparison shows two states of one transcript, so pick two cells of the same row.</p>
      ) : comparison.status === 'working' ? (
        <p role="status">Compacting the transcript under each config for the comparison…</p>
      ) : comparison.status === 'problem' ? (
        <p className="alert" role="alert">
          The comparison could not be made: {comparison.message}
        </p>
      ) : (
        <CompareStates left={comparison.left} right={comparison.right} basis={comparison.basis} note="Each side is the state its config's compaction leaves; context tokens and need-weighted retention are the experiment cell's own." />
      )}
    </section>
  );
}
