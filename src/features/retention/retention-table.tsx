import { formatInteger } from '../../ui/format';
import type { PassRetention } from '../../engine';
import { describeShare, retentionRows } from './retention-rows';

/**
 * The "Retention by category" table of one pass: each category's share kept of the facts from the messages this pass
 * compacted, and of everything compacted so far, both checked against this pass's output.
 */
export function RetentionTable({ retention }: { retention: PassRetention }) {
  const rows = retentionRows(retention);
  const perPassTotal = formatInteger(retention.perPass.total);
  const cumulativeTotal = formatInteger(retention.cumulative.total);
  return (
    <div className="table-scroll">
      <table className="retention-table" aria-label="Retention by category">
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">This pass (of {perPassTotal} facts from the messages this pass compacted)</th>
            <th scope="col">Cumulative (of {cumulativeTotal} facts compacted so far)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.category} className={row.category === 'all' ? 'retention-total' : undefined}>
              <th scope="row">{row.label}</th>
              <td className={toneOf(row.perPass.ratio)}>{describeShare(row.perPass)}</td>
              <td className={toneOf(row.cumulative.ratio)}>{describeShare(row.cumulative)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Colours a share by how much was lost, so a glance finds the leaky categories. */
function toneOf(ratio: number | undefined): string | undefined {
  if (ratio === undefined) return 'muted';
  if (ratio < 0.5) return 'retention-poor';
  if (ratio < 0.9) return 'retention-fair';
  return undefined;
}
