import { countOf } from '../../ui/count-of';
import { formatCost, formatDuration, formatInteger } from '../../ui/format';
import { useNetworkStore, type NetworkEntry } from '../../state/network-store';

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

function statusText(entry: NetworkEntry): string {
  if (entry.aborted) return entry.status === null ? 'aborted' : `${entry.status} (aborted)`;
  if (entry.status === null) return 'no response';
  return String(entry.status);
}

/** The cost column: a request no server received (nothing listening, unknown host) costs nothing, and says so. */
function costText(entry: NetworkEntry): string {
  if (entry.costUsd === undefined) return '—';
  if (entry.costUsd === 0 && entry.status === null && !entry.aborted && !entry.ok) return '$0 (never reached a server)';
  return formatCost(entry.costUsd);
}

function tokensText(entry: NetworkEntry): string {
  if (entry.inputTokens === undefined && entry.outputTokens === undefined) return '—';
  return `${formatInteger(entry.inputTokens ?? 0)} in / ${formatInteger(entry.outputTokens ?? 0)} out`;
}

/**
 * Every request the worker sent to a provider: time, host, model, tokens, cost, status and whether a key was attached.
 * The entries have no field that could hold a key, so this panel cannot show one.
 */
export function NetworkPanel() {
  const entries = useNetworkStore((state) => state.entries);
  const cleared = useNetworkStore((state) => state.cleared);
  const knownCosts = entries.filter((entry) => typeof entry.costUsd === 'number').reduce((sum, entry) => sum + (entry.costUsd as number), 0);
  const unknownCosts = entries.filter((entry) => entry.costUsd === null).length;
  return (
    <details className="panel network-panel" open={entries.length > 0}>
      <summary>
        Network <span className="muted">({countOf(entries.length, 'request')}{entries.length > 0 ? `, ${formatCost(knownCosts)}${unknownCosts > 0 ? ` + ${unknownCosts} of unknown cost` : ''}` : ''})</span>
      </summary>
      {entries.length === 0 ? (
        <p className="muted">No provider requests yet. The offline summarizer makes none.</p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="network-table" aria-label="Network requests">
              <thead>
                <tr>
                  <th>Time</th><th>Host</th><th>Request</th><th>Model</th><th>Status</th><th>Tokens</th><th>Cost</th><th>Took</th><th>Key attached</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id} className={entry.ok ? undefined : 'network-failed'} title={entry.error}>
                    <td>{timeFormat.format(entry.at)}</td>
                    <td>{entry.host}</td>
                    <td>{entry.purpose}{entry.role ? ` (${entry.role})` : ''}</td>
                    <td>{entry.model ?? '—'}</td>
                    <td>{statusText(entry)}</td>
                    <td>{tokensText(entry)}</td>
                    <td>{costText(entry)}</td>
                    <td>{formatDuration(entry.durationMs)}</td>
                    <td>{entry.hasKey ? 'yes' : 'no'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <button type="button" onClick={cleared}>Clear log</button>
        </>
      )}
    </details>
  );
}
