import { useMemo } from 'react';
import { describeBasis } from '../../state/figure-text';
import { useProviderStore } from '../../state/provider-store';
import { useRunDocument } from '../../state/run-document';
import { useContextBasis, useSelectedTranscriptKey } from '../../state/selectors';
import { useLabStore } from '../../state/store';
import { useConfigCheck } from '../../state/use-config-check';
import { countOf } from '../../ui/count-of';
import { CompactionTable } from './compaction-table';
import { costSeries } from './cost-series';
import { costBasisWords } from './cost-words';
import { ReplayCostTable } from './replay-cost-table';
import { policyContexts } from './policy-contexts';
import { ReplayTotals } from './replay-totals';
import { SessionChart, type PolicyName } from './session-chart';
import { sessionLimits } from './session-limits';
import { hasTimeline, sessionSeries } from './session-series';
import { useSessionStore, type PolicyId, type PolicyReplay } from './session-store';
import { PolicyBEditor, ReplayBar, type VariantEditor } from './replay-bar';
import { useSessionReplay } from './use-session-replay';
import './session.css';

/** How the gate was estimated and when the host checks it, for one policy's replay. */
function EstimationWords({ name, replay }: { name?: string; replay: PolicyReplay }) {
  const report = replay.report;
  if (!report) return null;
  return (
    <p className="session-estimation">
      {name && <strong>{name}: </strong>}
      {report.profile} checks its gate {report.checkpointLabel}. {report.estimation}
      {report.skippedMessages > 0 ? ` ${countOf(report.skippedMessages, 'message')} left out (sidechains and the agent's own summaries).` : ''}
      {report.cancelled ? ' Cancelled: the report covers the steps up to then.' : ''}
    </p>
  );
}

/** One policy's failure, in words, with "Replay anyway" when its settings cannot work as set. */
function PolicyProblem({ name, replay, onRunAnyway }: { name?: string; replay?: PolicyReplay; onRunAnyway(): void }) {
  if (replay?.status !== 'failed' || !replay.problem) return null;
  return (
    <div className="alert" role="alert">
      {name ? `${name}: ` : ''}
      {replay.problem}
      {replay.isImpossible && (
        <>
          {' '}
          <button type="button" onClick={onRunAnyway}>
            Replay anyway
          </button>
        </>
      )}
    </div>
  );
}

/**
 * The Session tab: the whole session replayed under the run panel's config (and, comparing, policy B's): a run bar,
 * how each step was estimated, the chart of context tokens over the session with every compaction the policy made
 * and every one the agent made, a table of the compactions and the totals (side by side with Δ for B). `onOpen` is
 * called once a compaction was opened into the run store, so the app can show the pass timeline and inspector views.
 */
export function SessionView({ onOpen, variantEditor }: { onOpen(): void; variantEditor?: VariantEditor }) {
  const transcriptKey = useSelectedTranscriptKey();
  const encoding = useLabStore((state) => state.encoding);
  const basis = useContextBasis();
  const { replays, isComparing, axis, refusal, openProblem, axisChosen } = useSessionStore();
  const shownKey = useSessionStore((state) => state.transcriptKey);
  const shownEncoding = useSessionStore((state) => state.encoding);
  const { start, cancel, open } = useSessionReplay();
  // The config as the next replay would run it (with the page's window where it sets none), to say the shown one is stale.
  const panelDocument = useRunDocument();
  const prices = useProviderStore((state) => state.prices);
  const isCurrent = shownKey !== undefined && shownKey === transcriptKey;
  const a = isCurrent ? replays.a : undefined;
  const b = isCurrent ? replays.b : undefined;
  const isRunning = a?.status === 'running' || b?.status === 'running';
  const { validation } = useConfigCheck(a?.config);
  const limitsOfConfig = validation?.ok ? validation.limits : undefined;
  const { validation: validationOfB } = useConfigCheck(b?.config);
  const limitsOfB = validationOfB?.ok ? validationOfB.limits : undefined;
  const reportA = a?.report;
  const reportB = b?.report;
  const canUseTime = reportA !== undefined && hasTimeline(reportA) && (reportB === undefined || hasTimeline(reportB));
  const shownAxis = canUseTime ? axis : 'message';
  // Both policies are counted against one set of lines, the lower trigger of the two: one yardstick, whichever is A.
  const contexts = useMemo(() => policyContexts(reportA, reportB, basis, limitsOfConfig, limitsOfB), [reportA, reportB, basis, limitsOfConfig, limitsOfB]);
  const { a: contextA, b: contextB } = contexts;
  const seriesA = useMemo(() => (reportA ? sessionSeries(reportA, basis, shownAxis, contextA) : undefined), [reportA, basis, shownAxis, contextA]);
  const seriesB = useMemo(() => (reportB ? sessionSeries(reportB, basis, shownAxis, contextB) : undefined), [reportB, basis, shownAxis, contextB]);
  const costA = a?.cost;
  const costB = b?.cost;
  const costs = useMemo(
    () => ({ a: reportA && costA ? costSeries(reportA, costA, shownAxis) : undefined, b: reportB && costB ? costSeries(reportB, costB, shownAxis) : undefined }),
    [reportA, costA, reportB, costB, shownAxis],
  );
  const limits = useMemo(() => (reportA ? sessionLimits(reportA, limitsOfConfig) : undefined), [reportA, limitsOfConfig]);
  const openCompaction = (policy: PolicyId, ordinal: number) =>
    void open(policy, ordinal).then((opened) => {
      if (opened) onOpen();
    });
  const onChartOpen = (policy: PolicyName, ordinal: number) => openCompaction(policy === 'A' ? 'a' : 'b', ordinal);
  const isEncodingStale = isCurrent && shownEncoding !== undefined && shownEncoding !== encoding;
  const isConfigStale = a?.report !== undefined && JSON.stringify(a.config) !== JSON.stringify(panelDocument);
  // The prices the shown cost was read with: a price edited since leaves every cost figure of the replay out of date.
  const isPriceStale = a?.cost !== undefined && JSON.stringify(a.prices) !== JSON.stringify(prices);
  const hasB = b !== undefined;
  return (
    <section className="tab-view session-view" aria-label="Session replay">
      <p className="muted">
        The whole session replayed under a policy: message by message, the context grows, the profile's gate is checked where its host checks it, and every time it fires the context is compacted and the session goes on from the compacted context — with the agent's own messages, never new ones.
      </p>
      <ReplayBar isRunning={isRunning} canReplay={transcriptKey !== undefined} progress={{ a: a?.progress, b: b?.progress }} onReplay={() => void start()} onCancel={cancel} />
      {isComparing && <PolicyBEditor disabled={isRunning} editor={variantEditor} />}
      {refusal && (
        <p className="alert" role="alert">
          {refusal}
        </p>
      )}
      <PolicyProblem name={hasB ? 'Policy A' : undefined} replay={a} onRunAnyway={() => void start(true)} />
      <PolicyProblem name="Policy B" replay={b} onRunAnyway={() => void start(true)} />
      {openProblem && (
        <p className="alert" role="alert">
          {openProblem}
        </p>
      )}
      {isEncodingStale && <p className="muted" role="status">Replayed in {shownEncoding}; the page now counts in {encoding}: replay again to see this session on the page's basis.</p>}
      {!isEncodingStale && isConfigStale && !isRunning && <p className="muted" role="status">The config changed since this replay: replay again to see what it would do.</p>}
      {!isEncodingStale && isPriceStale && !isRunning && <p className="muted" role="status">Prices changed since this replay: replay again to see the cost at the new prices.</p>}
      {!reportA || !seriesA || !contextA || !limits || isEncodingStale ? (
        !isRunning && <p className="empty-state">Replay to see every compaction this policy would make over the session.</p>
      ) : (
        <>
          <EstimationWords name={hasB ? 'Policy A' : undefined} replay={a} />
          {b && <EstimationWords name="Policy B" replay={b} />}
          {canUseTime && (
            <label className="session-axis">
              X axis{' '}
              <select aria-label="X axis" value={shownAxis} onChange={(event) => axisChosen(event.target.value === 'time' ? 'time' : 'message')}>
                <option value="message">Message</option>
                <option value="time">Time</option>
              </select>
            </label>
          )}
          <SessionChart a={seriesA} b={seriesB} limits={limits} axis={shownAxis} basisWords={describeBasis(basis)} costs={costs} onOpen={onChartOpen} />
          {costA && (
            <p className="muted session-cost-basis">
              {costBasisWords(costA)}
              {costA.agent.calls === 0 ? ' The source logged no usage: every assistant message of the main conversation is taken as one call, and nothing is checked against a bill (see what the cost assumes, under the totals).' : ''}
            </p>
          )}
          <h3>Compactions{hasB ? ' of policy A' : ''}</h3>
          <CompactionTable name={hasB ? 'Compactions of policy A' : 'Compactions'} view={reportA} isOffline={a?.isOffline ?? true} context={contextA} costSteps={costs.a?.steps} onOpen={(ordinal) => openCompaction('a', ordinal)} />
          {reportB && contextB && (
            <>
              <h3>Compactions of policy B</h3>
              <CompactionTable name="Compactions of policy B" view={reportB} isOffline={b?.isOffline ?? true} context={contextB} costSteps={costs.b?.steps} onOpen={(ordinal) => openCompaction('b', ordinal)} />
            </>
          )}
          <ReplayTotals a={{ view: reportA, isOffline: a?.isOffline ?? true, context: contextA }} b={reportB && contextB ? { view: reportB, isOffline: b?.isOffline ?? true, context: contextB } : undefined} yardstick={contexts} />
          <ReplayCostTable chartBasis={basis} a={{ cost: costA, costProblem: a?.costProblem, isOffline: a?.isOffline ?? true }} b={b ? { cost: costB, costProblem: b.costProblem, isOffline: b.isOffline } : undefined} />
        </>
      )}
    </section>
  );
}
