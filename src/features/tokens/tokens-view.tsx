import { useRunStore } from '../../state/run-store';
import { useLabStore } from '../../state/store';
import { useInspection } from '../../state/use-inspection';
import { useRetention } from '../../state/use-retention';
import { describeBasis } from '../../state/figure-text';
import { useContextBasis } from '../../state/selectors';
import { firstGateTokens } from '../../state/use-run-figures';
import { useMemo } from 'react';
import type { PassSnapshot } from '../../engine';
import type { ConfigLimits } from '../../worker-client/protocol';
import { formatInteger } from '../../ui/format';
import { Term } from '../../ui/term';
import { BreakdownTable } from './breakdown-table';
import { buildChartRows, withRetention } from './chart-rows';
import { TokenChart } from './token-chart';
import { usePassBreakdowns } from '../../state/use-pass-breakdowns';
import { useWhatIf } from './use-what-if';
import { WhatIfControls } from './what-if-controls';
import { useConfigStore } from '../../state/config-store';
import { defaultDocument } from '../../engine/config';
import { runDocument, useRunDocument } from '../../state/run-document';
import './chart.css';

// Constants rather than fresh values per render, so the memoized chart is redrawn only when what it draws changes.
const noSnapshots: PassSnapshot[] = [];
const noLimits: ConfigLimits = {};
const choosePass = (pass: number) => useRunStore.getState().passChosen(pass);

/**
 * The Tokens tab: what-if controls, the token chart and the breakdown table for the selected transcript and the run
 * shown for it. Before any run it shows the original alone, with the what-if on the run panel's current config.
 */
export function TokensView() {
  const encoding = useLabStore((state) => state.encoding);
  const contextWindow = useLabStore((state) => state.contextWindow);
  const { transcript, transcriptKey: shownTranscriptKey, hasRun: isThisRun, isRunning: isRunningHere, result: shownResult, resultId, pass: shownPass, runConfig } = useInspection();
  const events = useRunStore((state) => state.events);
  const profile = useConfigStore((state) => state.profile);
  const panelDocument = useRunDocument();
  const snapshots = useMemo(
    () => shownResult?.passes ?? (isRunningHere ? events.flatMap((event) => (event.type === 'pass-end' ? [event.snapshot] : [])) : noSnapshots),
    [shownResult, isRunningHere, events],
  );
  // The config the run panel would run now (with the page's window where it sets none), else the profile's defaults.
  const baseConfig = runConfig ?? panelDocument ?? runDocument(defaultDocument(profile), contextWindow);
  const { breakdowns, isCounting, error } = usePassBreakdowns(shownTranscriptKey, encoding, resultId);
  const whatIf = useWhatIf(shownTranscriptKey, baseConfig, encoding);
  // Only a finished run is measured (a running one has no result yet), as on the Retention tab, which shares this query.
  const retention = useRetention(resultId);
  const markers = transcript?.markers;
  const basis = useContextBasis();
  const originalGateSaw = useMemo(() => (isThisRun ? firstGateTokens(events) : undefined), [isThisRun, events]);
  const rows = useMemo(() => withRetention(buildChartRows(breakdowns, snapshots, basis, markers, originalGateSaw), retention.passes), [breakdowns, snapshots, basis, markers, originalGateSaw, retention.passes]);
  if (!transcript || shownTranscriptKey === undefined) return <div className="tab-view"><p className="empty-state">Load a transcript to see its tokens per pass.</p></div>;
  const limits = whatIf.prediction?.limits ?? noLimits;
  return (
    <div className="tab-view">
      {/* The chart comes first, so it is whole in the window on a short screen; its basis and the what-if that moves its lines follow. */}
      <TokenChart rows={rows} limits={limits} selectedPass={shownPass} onChoosePass={choosePass} />
      <p className="muted" role="status">
        {!isThisRun ? 'No run yet: the original alone, counted exactly. Run compaction to see its passes.' : isRunningHere ? 'Running: exact counts by kind come when the run ends; the dots are the profile\'s own estimate so far.' : `${snapshots.length} pass${snapshots.length === 1 ? '' : 'es'} of ${shownResult?.profile ?? 'the run'}; lines show ${whatIf.isEdited ? 'the what-if' : "the run's config"}.`}
        {isCounting ? ' Counting exact tokens…' : ''}
        {retention.isMeasuring ? ' Measuring retention…' : ''} Context tokens: {describeBasis(basis)}; the dots are <Term id="gate-estimate" />, on its own basis.
      </p>
      {error && <p className="alert">The exact counts failed: {error}</p>}
      {retention.error && <p className="alert">Measuring retention failed: {retention.error}</p>}
      <WhatIfControls {...whatIf} basis={basis} />
      {transcript.markers.length > 0 && (
        <ul className="source-markers" aria-label="The agent's own compactions in the source">
          {transcript.markers.map((marker, index) => (
            <li key={index}>
              The agent compacted itself ({marker.kind}
              {marker.trigger ? `, ${marker.trigger}` : ''}) before message {formatInteger(marker.atIndex + 1)}:{' '}
              {marker.tokensBefore !== undefined ? `${formatInteger(marker.tokensBefore)} → ${marker.tokensAfter !== undefined ? formatInteger(marker.tokensAfter) : 'unknown'} tokens, as logged` : 'no token counts logged'}.
            </li>
          ))}
        </ul>
      )}
      <h3>Tokens by kind</h3>
      <BreakdownTable rows={rows} limits={limits} basisLabel={describeBasis(basis)} selectedPass={shownPass} onChoosePass={choosePass} />
    </div>
  );
}
