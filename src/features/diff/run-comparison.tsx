import { useEffect, useState } from 'react';
import type { ContextBasis } from '../../engine';
import type { Message } from '../../engine/transcript';
import { labClient } from '../../worker-client/lab-client';
import { unwrap } from '../../worker-client/reply';
import { withWorkspace } from '../../workspace/page-workspace';
import type { RunRecord, RunStateRecord } from '../../workspace/workspace-schema';
import { CompareStates } from './compare-states';
import type { CompareSide } from './compare-side';
import type { DiffState } from './diff-state';

type Comparison = { status: 'working' } | { status: 'problem'; message: string } | { status: 'ready'; left: CompareSide; right: CompareSide; basis?: ContextBasis };

/** Why two recorded runs cannot be set side by side, in words; undefined when they can. */
export function whyNotComparable(first: RunRecord, second: RunRecord): string | undefined {
  if (first.kind === 'replay' || second.kind === 'replay') return 'A session replay leaves a state after every step, not one: pick two single compactions.';
  if (first.transcriptId !== second.transcriptId || first.transcriptIndex !== second.transcriptIndex) return 'These runs are on different transcripts: a comparison shows two states of one transcript, so pick two runs of the same one.';
  return undefined;
}

/** The basis both runs' recorded context figures share: exact counts in one encoding, or none when they differ. */
function sharedBasis(older: RunRecord, newer: RunRecord): ContextBasis | undefined {
  const encoding = older.summary.encoding;
  if (!encoding || encoding !== newer.summary.encoding || older.summary.exactTokensAfter === undefined || newer.summary.exactTokensAfter === undefined) return undefined;
  return { kind: 'encoding', encoding, overheadTokens: 0 };
}

/** A run's side: the state it left (the original when it changed nothing), its name and its recorded exact count. */
function sideOf(run: RunRecord, state: RunStateRecord, original: readonly Message[], hasFigures: boolean): CompareSide {
  const diffState: DiffState = state.messages ? { messages: state.messages, fates: state.fates, insertions: new Map(state.insertions) } : { messages: original };
  return { label: run.name, state: diffState, figures: { context: hasFigures && run.summary.exactTokensAfter !== undefined ? { tokens: run.summary.exactTokensAfter } : undefined } };
}

/** Reads both runs' kept states and their transcript's original (from its stored bytes, through the worker's import). */
async function compare(older: RunRecord, newer: RunRecord): Promise<Comparison> {
  const states = await Promise.all([older, newer].map((run) => withWorkspace((workspace) => workspace.getRunState(run.id))));
  const [olderState, newerState] = states;
  if (!olderState || !newerState) return { status: 'problem', message: 'one of the runs kept no state (it was recorded before runs kept theirs); run its config again to record one.' };
  const record = await withWorkspace((workspace) => workspace.getTranscript(older.transcriptId));
  const bytes = record && (await withWorkspace((workspace) => workspace.transcriptBytes(record.id)));
  if (!record || !bytes) return { status: 'problem', message: 'the transcript the runs are on is no longer in the workspace.' };
  // Imported again as the page opened it: the same bytes under the name the workspace keeps.
  const imported = unwrap(await labClient.importFile(new File([bytes as Uint8Array<ArrayBuffer>], record.name)));
  const original = imported.transcripts[older.transcriptIndex]?.messages;
  if (!original) return { status: 'problem', message: `the kept file has no transcript number ${older.transcriptIndex + 1}.` };
  const basis = sharedBasis(older, newer);
  return { status: 'ready', left: sideOf(older, olderState, original, basis !== undefined), right: sideOf(newer, newerState, original, basis !== undefined), basis };
}

/**
 * Two recorded single compactions of one transcript side by side, the older on the left: the Diff's rows and its metric
 * table between the states they left, read from the workspace (nothing runs again, so a live summarizer is not asked
 * or paid twice). Context tokens are the runs' own recorded exact counts, shown only when both are in one encoding.
 */
export function RunComparison({ first, second, onBack }: { first: RunRecord; second: RunRecord; onBack(): void }) {
  const [older, newer] = first.createdAt <= second.createdAt ? [first, second] : [second, first];
  const reason = whyNotComparable(older, newer);
  const [comparison, setComparison] = useState<Comparison>({ status: 'working' });
  useEffect(() => {
    if (reason) return;
    let isCurrent = true;
    compare(older, newer).then(
      (result) => isCurrent && setComparison(result),
      (error: unknown) => isCurrent && setComparison({ status: 'problem', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [older, newer, reason]);
  return (
    <section className="run-comparison" aria-label="Comparison of two recorded runs">
      <div className="run-comparison-head">
        <h3>
          {older.name} against {newer.name}
        </h3>
        <button type="button" onClick={onBack}>Back to the workspace</button>
      </div>
      {reason ? (
        <p className="alert alert-warning">{reason}</p>
      ) : comparison.status === 'working' ? (
        <p role="status">Reading the two runs’ states from the workspace…</p>
      ) : comparison.status === 'problem' ? (
        <p className="alert" role="alert">
          The comparison could not be made: {comparison.message}
        </p>
      ) : (
        <CompareStates
          left={comparison.left}
          right={comparison.right}
          basis={comparison.basis ?? { kind: 'encoding', encoding: older.summary.encoding ?? 'o200k_base', overheadTokens: 0 }}
          note={
            comparison.basis
              ? 'Each side is the state its run left, as recorded; context tokens are the runs’ own exact counts. Δ is the newer run against the older.'
              : 'Each side is the state its run left, as recorded. The runs’ token figures are on different bases (an estimate, or another encoding), so no context tokens are set against each other.'
          }
        />
      )}
    </section>
  );
}
