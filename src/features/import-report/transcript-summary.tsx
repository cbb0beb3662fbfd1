import { useId } from 'react';
import { tokenKinds, type TokenKind } from '../../engine';
import { useRunStats, useSelectedTranscript, useTotalTokens } from '../../state/selectors';
import { useLabStore } from '../../state/store';
import { formatInteger } from '../../ui/format';
import { ProgressBar } from '../../ui/progress-bar';
import { useSessionFlag } from '../../ui/use-session-flag';
import { ContextLine } from './context-line';
import { LoggedCostChip, LoggedCostDetails, LoggedCostLine } from './logged-cost-line';
import { LoggedUsageLine } from './logged-usage-line';
import { PairProblems } from './pair-problems';
import { TokenSettings } from './token-settings';

/** The header's words for each token kind; the split is the Tokens tab's (`TokenSummary.byKind`), so the two agree. */
const kindWords: Record<TokenKind, string> = { system: 'system', user: 'user', assistant: 'assistant', toolOutput: 'tool output', summary: 'summary', pinned: 'pinned', marker: 'markers' };

/** "system 1,234 · user 174 · … · summary 3,579": the kinds the transcript holds, in the Tokens tab's order. */
function kindsLine(byKind: Record<TokenKind, number>): string {
  const shown = tokenKinds.filter((kind) => byKind[kind] > 0 || kind === 'user' || kind === 'assistant');
  return shown.map((kind) => `${kindWords[kind]} ${formatInteger(byKind[kind])}`).join(' · ');
}

function Stat({ label, value, tone }: { label: string; value: string; tone?: 'warning' }) {
  return (
    <div className={`stat${tone ? ` stat-${tone}` : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * The header over the transcript: detected format, counts, tool pairing, tokens and share of the context window, and
 * the token settings. It opens folded to two lines — what the file is, and its context figure with the basis named —
 * leaving the work area the room; the counts, the settings and the logged usage unfold on demand (remembered for the
 * session). The context figure and counting progress stay in sight either way.
 */
export function TranscriptSummary() {
  const [isOpen, setOpen] = useSessionFlag('compaction-lab/summary-open', false);
  const run = useSelectedTranscript();
  const stats = useRunStats();
  const total = useTotalTokens();
  const report = useLabStore((state) => state.imported?.report);
  const sourceName = useLabStore((state) => state.sourceName);
  const tokenStatus = useLabStore((state) => state.tokenStatus);
  const tokenError = useLabStore((state) => state.tokenError);
  const tokenSummary = useLabStore((state) => state.tokenSummary);
  const detailsId = useId();
  if (!run || !stats || !report) return null;
  return (
    <section className={isOpen ? 'summary' : 'summary is-folded'} aria-label="Transcript summary">
      <div className="summary-title">
        {/* First, so folded it floats in the first line and leaves the lines under it their whole width. */}
        <button
          type="button"
          className="summary-toggle"
          aria-expanded={isOpen}
          aria-controls={detailsId}
          title="Counts by role and tool pairing, the token settings (encoding, basis, context window) and the provider-logged usage"
          onClick={() => setOpen(!isOpen)}
        >
          {isOpen ? 'Hide details' : 'Show details'}
        </button>
        <span className="format-badge" data-testid="detected-format">{report.formatLabel}</span>
        {report.confidence === 'low' && <span className="badge badge-warning" title="Speakers were guessed from text labels">low confidence</span>}
        <span className="source-name">{sourceName}{run.source.runLabel ? ` — ${run.source.runLabel}` : ''}</span>
        {run.meta.model && <span className="muted">model {run.meta.model}</span>}
        {!isOpen && (
          <span className="muted summary-words">
            {formatInteger(stats.messages)} messages · {formatInteger(stats.toolCalls)} tool calls
          </span>
        )}
        {!isOpen && <LoggedCostChip />}
      </div>
      {isOpen && (
        <div id={detailsId} className="summary-details">
          <TokenSettings />
          <dl className="stats" data-testid="stats">
            <Stat label="Messages" value={formatInteger(stats.messages)} />
            <Stat label="System" value={formatInteger(stats.byRole.system)} />
            <Stat label="User" value={formatInteger(stats.byRole.user)} />
            <Stat label="Assistant" value={formatInteger(stats.byRole.assistant)} />
            <Stat label="Tool" value={formatInteger(stats.byRole.tool)} />
            <Stat label="Injected" value={formatInteger(stats.injectedMessages)} />
            <Stat label="Tool calls" value={formatInteger(stats.toolCalls)} />
            <Stat label="Answered" value={formatInteger(stats.toolResults)} />
            <Stat label="Orphan results" value={formatInteger(stats.orphanToolResults)} tone={stats.orphanToolResults > 0 ? 'warning' : undefined} />
            <Stat label="Unanswered calls" value={formatInteger(stats.unansweredToolCalls)} tone={stats.unansweredToolCalls > 0 ? 'warning' : undefined} />
            <Stat label="Compactions in source" value={formatInteger(stats.compactionMarkers)} />
          </dl>
          <PairProblems />
        </div>
      )}
      <div className="token-line">
        <ContextLine isCompact={!isOpen} />
        {tokenStatus === 'counting' && (
          <span className="counting" role="status">
            <ProgressBar value={total.countedMessages} max={total.totalMessages} label="Exact token counting" />
            counting exactly: {formatInteger(total.countedMessages)} / {formatInteger(total.totalMessages)} messages
          </span>
        )}
        {isOpen && tokenSummary && tokenStatus === 'done' && (
          <span className="muted" data-testid="tokens-by-kind" title="Split as the Tokens tab splits every state: a summary the source wrote as a user message counts as summary, a tool result as tool output.">
            {kindsLine(tokenSummary.byKind)} tokens
          </span>
        )}
        {tokenStatus === 'error' && <span className="alert" role="alert">Token counting failed: {tokenError}</span>}
      </div>
      {isOpen && <LoggedCostLine />}
      {isOpen && <LoggedCostDetails />}
      {isOpen && <LoggedUsageLine run={run} />}
    </section>
  );
}
