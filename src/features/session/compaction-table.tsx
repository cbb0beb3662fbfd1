import { flaggedOutcome, type ReplayContext } from '../../engine';
import { formatInteger, formatSignedUsd } from '../../ui/format';
import type { ReplayView } from '../../worker-client/replay-protocol';
import type { CompactionCostStep } from './cost-series';
import { factsLostWords, needWeightedWords, outcomeWords, replayCost } from './session-format';
import { Term } from '../../ui/term';

/** What the compactions table shows: one policy's replay, and how to open one of its compactions. */
export interface CompactionTableProps {
  /** The table's accessible name, e.g. "Compactions" or "Compactions of policy B". */
  name: string;
  view: ReplayView;
  isOffline: boolean;
  /** The replay on the page's basis (`replayContext`): each compaction's context before → after and whether it is over the window. */
  context: ReplayContext;
  onOpen(ordinal: number): void;
  /** Each compaction's cost step (`costSeries`), when the replay was priced: a column says it, where keyboards reach it. */
  costSteps?: readonly CompactionCostStep[];
}

/** A compaction's cost step in US dollars; "—" where none closed (no agent call after it, or a price not known). */
function stepWords(step: CompactionCostStep | undefined): string {
  return step === undefined ? '—' : formatSignedUsd(step.after - step.before);
}

/**
 * Every compaction the policy made over the session, one row each: where, context tokens before → after on the page's
 * basis, passes, summarizer calls, their cost, the cost step with the next call when priced, facts lost, need-weighted retention (— when the session does not go on), and
 * what happened when it was not a clean success (over the window first: the model would refuse what it left; a wiped history or a run that replaced nothing in the engine's words). Each row's Open button shows the compaction in the inspector.
 */
export function CompactionTable({ name, view, isOffline, context, onOpen, costSteps }: CompactionTableProps) {
  if (view.compactions.length === 0) {
    return <p className="muted">{name}: none — the gate never fired over the session.</p>;
  }
  return (
    <div className="session-table-scroll">
      <table className="figure-table session-table" aria-label={name}>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col"><span className="visually-hidden">Open</span></th>
            <th scope="col">At message</th>
            <th scope="col">Context tokens before → after</th>
            <th scope="col">Passes</th>
            <th scope="col">Summarizer calls</th>
            <th scope="col">Summarizer cost</th>
            {costSteps && (
              <th scope="col" title="What the policy's cost rose by: the summarizer calls and the whole next agent call, which writes the compacted context to the cache again (—: no call after it, or a price not known)">
                Cost step (+ next call)
              </th>
            )}
            <th scope="col">Facts lost</th>
            <th scope="col"><Term id="needed-facts">Needed facts kept</Term></th>
            <th scope="col">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {view.compactions.map((compaction, index) => {
            const onBasis = context.compactions[index];
            const outcome = outcomeWords(compaction, onBasis.overWindow !== undefined);
            // A success that replaced nothing did not do what was asked: its row reads as a failure's does.
            const isFailure = !compaction.success || onBasis.overWindow !== undefined || flaggedOutcome(compaction.flags)?.isFailure === true;
            const why = [onBasis.overWindow?.message, ...compaction.flags.map((flag) => flag.message)].filter((message) => message !== undefined);
            return (
              <tr key={compaction.ordinal} className={isFailure ? 'compaction-failed' : undefined}>
                <th scope="row">{compaction.ordinal}</th>
                <td>
                  <button type="button" aria-label={`Open compaction ${compaction.ordinal}`} onClick={() => onOpen(compaction.ordinal)}>
                    Open
                  </button>
                </td>
                <td>{formatInteger(compaction.atMessage + 1)}</td>
                <td>
                  {formatInteger(onBasis.before)} → {formatInteger(onBasis.after)}
                </td>
                <td>{formatInteger(compaction.passes)}</td>
                <td>{formatInteger(compaction.summarizerCalls)}</td>
                <td>{replayCost(compaction.costUsd, isOffline)}</td>
                {costSteps && <td>{stepWords(costSteps.find((step) => step.ordinal === compaction.ordinal))}</td>}
                <td>{factsLostWords(compaction)}</td>
                <td>{needWeightedWords(compaction)}</td>
                <td className="session-outcome" title={why.length > 0 ? why.join(' ') : undefined}>
                  {outcome ?? 'done'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
