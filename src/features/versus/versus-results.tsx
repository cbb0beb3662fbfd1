import { useMemo } from 'react';
import { flaggedOutcome } from '../../engine';
import type { Transcript } from '../../engine/transcript';
import { formatInteger } from '../../ui/format';
import type { VersusComparison } from '../../worker-client/versus-protocol';
import { VersusCost } from './versus-cost';
import { neededCategories } from './versus-format';
import { VersusSideView } from './versus-side';

/**
 * The agent's tokens in words beside the figure: what part is its summary. Its size is not given as a multiple of that
 * summary, which is the measure the other side's size is given in ("4.36× the agent's summary" on the agent's own
 * side read as a comparison with itself).
 */
function agentTokensNote(basis: string, tokens: number, summaryTokens: number): string {
  return tokens === summaryTokens ? `${basis}, all of it the summary` : `${basis}, of which the summary ${formatInteger(summaryTokens)}`;
}

/**
 * Both sides of a comparison: how the profile's side was made (and what its run really did, when its flags say so),
 * which side holds messages added beside its summary, retention by category for both, then the two columns.
 */
export function VersusResults({ outcome, transcript, isOffline, onShowMessage }: { outcome: VersusComparison; transcript: Transcript; isOffline: boolean; onShowMessage(index: number): void }) {
  const { report, run } = outcome;
  const indexOf = useMemo(() => new Map(transcript.messages.map((message, index) => [message.id, index])), [transcript]);
  const profileTitle = `${run.profile}'s output`;
  const basis = `${report.basis.isEstimate ? 'estimated' : 'exact'} ${report.basis.encoding}`;
  const categories = neededCategories(report.agent, report.profile);
  // A success that replaced nothing or wiped the history is said before any figure, as every surface says it.
  const flagged = flaggedOutcome(run.flags);
  return (
    <div className="versus-results">
      <p className="muted" role="note">
        Compared at compaction {report.boundary.index}, before message {formatInteger(report.boundary.atMessage + 1)}. {run.note} Tokens: {report.basis.description}.
        {run.forcedGate !== undefined && <strong> Gate forced ({run.forcedGate}).</strong>}
      </p>
      <p className="muted">{report.addedNote}</p>
      {flagged && (
        <p className="alert" role="alert">
          <strong>{profileTitle}: {flagged.words}.</strong> {run.flags.flatMap((flag) => (flag.kind === 'replaced-nothing' || flag.kind === 'history-wiped' ? [flag.message] : [])).join(' ')}
        </p>
      )}
      {report.redaction && (
        <p className="versus-redacted" role="alert">
          {report.redaction.note}
        </p>
      )}
      {!report.redaction && categories.length > 0 && (
        <table className="retention-table versus-table" aria-label="Needed facts kept by category">
          <thead>
            <tr>
              <th scope="col">Category</th>
              <th scope="col">Agent's context</th>
              <th scope="col">{profileTitle}</th>
            </tr>
          </thead>
          <tbody>
            {categories.map(({ category, agent, profile }) => (
              <tr key={category}>
                <th scope="row">{category}</th>
                <td>
                  {agent.kept} of {agent.total}
                </td>
                <td>
                  {profile.kept} of {profile.total}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <VersusCost report={report} transcript={transcript} profileTitle={profileTitle} isOffline={isOffline} />
      <div className="versus-sides">
        <VersusSideView
          title="The agent's context after its compaction"
          side={report.agent}
          context={outcome.agentContext}
          tokensNote={agentTokensNote(basis, report.agent.tokens, report.boundary.agentSummaryTokens)}
          indexOf={indexOf}
          onShowMessage={onShowMessage}
          isRedacted={report.redaction !== undefined}
        />
        <VersusSideView
          title={profileTitle}
          side={report.profile}
          context={outcome.profileContext}
          tokensNote={run.compacted ? basis : `${basis}; not compacted`}
          agentSummaryTokens={report.boundary.agentSummaryTokens}
          indexOf={indexOf}
          onShowMessage={onShowMessage}
          isRedacted={report.redaction !== undefined}
        />
      </div>
    </div>
  );
}
