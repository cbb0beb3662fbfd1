import { formatPercent } from '../../ui/format';
import { probeKinds, type ProbeGrade, type ProbeKind, type ProbeReport } from '../../worker-client/probe-protocol';

/** What each kind asks, as the score table names it. */
const kindLabels: Record<ProbeKind, string> = {
  recall: 'Recall (facts such as the original error)',
  artifact: 'Artifact (which files changed and how)',
  continuation: 'Continuation (what next)',
  decision: 'Decision (why)',
};

const gradeLabels: Record<ProbeGrade, string> = { correct: 'correct', partial: 'partial', wrong: 'wrong', unanswered: 'not in the context' };

/** Colours a score the way the retention table does. */
function scoreClass(score: number): string | undefined {
  if (score < 0.5) return 'retention-poor';
  if (score < 0.8) return 'retention-fair';
  return undefined;
}

/** A score with its change from the earlier run's, in points: "+12.5 points". */
function changeOf(score: number, before: number | undefined): string {
  if (before === undefined) return '';
  const points = (score - before) * 100;
  return Math.abs(points) < 0.05 ? ' (no change)' : ` (${points > 0 ? '+' : '−'}${Math.abs(points).toFixed(1)} points)`;
}

/**
 * A probe run's scores by kind and every question with its reference answer, the answer given and the grade; with
 * `previous` (the same questions asked of an earlier run), that run's scores and grades beside them.
 */
export function ProbeResults({ report, previous }: { report: ProbeReport; previous?: ProbeReport }) {
  const gradedBy = report.options.questions === 'model' ? 'the model, against answers it wrote from the original messages' : 'checking which expected facts each answer holds';
  const earlierGrades = new Map(previous?.outcomes.map((outcome) => [outcome.question, outcome.grade]));
  return (
    <div className="probe-results">
      <p role="status">
        Pass {report.pass}: <strong className={scoreClass(report.overall)}>{formatPercent(report.overall)}</strong> over {report.outcomes.length} question
        {report.outcomes.length === 1 ? '' : 's'}
        {report.isReused ? ' asked again' : ''}, answered from the compacted context only and graded by {gradedBy}; {report.calls} call{report.calls === 1 ? '' : 's'} made.
        {previous ? ` The same questions scored ${formatPercent(previous.overall)} on pass ${previous.pass} of the earlier probe run${changeOf(report.overall, previous.overall)}.` : ''}
      </p>
      <table className="retention-table" aria-label="Probe scores by kind">
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">Questions</th>
            <th scope="col">Score</th>
            {previous && <th scope="col">Earlier run</th>}
          </tr>
        </thead>
        <tbody>
          {probeKinds.map((kind) => {
            const score = report.byKind[kind];
            return (
              <tr key={kind}>
                <th scope="row">{kindLabels[kind]}</th>
                <td>{score?.count ?? 0}</td>
                <td className={score ? scoreClass(score.score) : undefined}>
                  {score ? formatPercent(score.score) : 'no question'}
                  {score && changeOf(score.score, previous?.byKind[kind]?.score)}
                </td>
                {previous && <td>{previous.byKind[kind] ? formatPercent(previous.byKind[kind].score) : 'no question'}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
      <ol className="probe-questions" aria-label="Probe questions">
        {report.outcomes.map((outcome) => (
          <li key={outcome.id}>
            <div className="probe-question">
              <span className="probe-kind">{outcome.kind}</span> {outcome.question}{' '}
              <span className={`probe-grade probe-grade-${outcome.grade}`}>{gradeLabels[outcome.grade]}</span>
            </div>
            <dl>
              <dt>From the original</dt>
              <dd>{outcome.expected}</dd>
              <dt>From the compacted context</dt>
              <dd>{outcome.answer || '(no answer)'}</dd>
              <dt>Why</dt>
              <dd>{outcome.reason}</dd>
              {earlierGrades.has(outcome.question) && (
                <>
                  <dt>Earlier run</dt>
                  <dd>{gradeLabels[earlierGrades.get(outcome.question) as ProbeGrade]}</dd>
                </>
              )}
            </dl>
          </li>
        ))}
      </ol>
    </div>
  );
}
