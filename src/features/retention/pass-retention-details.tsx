import { useState } from 'react';
import { formatInteger } from '../../ui/format';
import type { PassRetention } from '../../engine';
import { FlagList } from './flag-list';
import { LostFactsList } from './lost-facts-list';
import { NeedWeightedSection } from './need-weighted-section';
import { RetentionTable } from './retention-table';

/** Which lost facts to list: from the messages this pass compacted, or from everything compacted so far. */
type LostScope = 'perPass' | 'cumulative';

/**
 * What one pass kept and lost: the category table, what it kept of the facts needed later, its pinned lines, the lost facts (this pass's or all so far) with
 * links to their source messages, and the pass's flags.
 */
export function PassRetentionDetails({ retention, indexOf }: { retention: PassRetention; indexOf: ReadonlyMap<string, number> }) {
  const [scope, setScope] = useState<LostScope>('perPass');
  const pinned = retention.cumulative.pinned;
  const lost = retention[scope].lost;
  return (
    <>
      <h3>Pass {retention.pass}</h3>
      <RetentionTable retention={retention} />
      <NeedWeightedSection needWeighted={retention.needWeighted} indexOf={indexOf} />
      <section aria-label="Pinned lines">
        <h4>Pinned lines</h4>
        {pinned.total === 0 ? (
          <p className="muted">The run's config pins no lines.</p>
        ) : (
          <p className={pinned.lost.length > 0 ? 'retention-poor' : undefined}>
            {formatInteger(pinned.kept)} of {formatInteger(pinned.total)} pinned lines kept verbatim in this pass's output.
          </p>
        )}
        {pinned.lost.length > 0 && (
          <ul aria-label="Lost pinned lines">
            {pinned.lost.map((line) => (
              <li key={line}>
                <q>{line}</q>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Lost facts of this pass">
        <div className="retention-lost-header">
          <h4>Lost facts ({formatInteger(lost.length)})</h4>
          <fieldset className="retention-scope">
            <legend>Facts from</legend>
            <label>
              <input type="radio" name="lost-scope" checked={scope === 'perPass'} onChange={() => setScope('perPass')} /> the messages this pass compacted
            </label>
            <label>
              <input type="radio" name="lost-scope" checked={scope === 'cumulative'} onChange={() => setScope('cumulative')} /> everything compacted so far
            </label>
          </fieldset>
        </div>
        <p className="muted">Each message button shows the fact's source message in the Original transcript tab.</p>
        <LostFactsList lost={lost} indexOf={indexOf} />
      </section>
      <section aria-label="Flags of this pass">
        <h4>Flags ({formatInteger(retention.flags.length)})</h4>
        <FlagList flags={retention.flags} indexOf={indexOf} />
      </section>
    </>
  );
}
