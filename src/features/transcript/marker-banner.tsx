import type { CompactionMarker } from '../../engine/transcript';
import { formatInteger } from '../../ui/format';

/** Shows where the agent itself compacted its context, as the source logged it. */
export function MarkerBanner({ marker }: { marker: CompactionMarker }) {
  const figures = [
    marker.trigger ? `${marker.trigger} trigger` : undefined,
    marker.tokensBefore !== undefined ? `${formatInteger(marker.tokensBefore)} tokens before` : undefined,
    marker.tokensAfter !== undefined ? `${formatInteger(marker.tokensAfter)} after` : undefined,
    marker.isOpaque ? 'summary encrypted' : undefined,
  ].filter(Boolean);
  return (
    <div className="marker-banner" role="note" aria-label="Compaction in source">
      The agent compacted its context here ({marker.kind}){figures.length > 0 ? ` — ${figures.join(', ')}` : ''}
    </div>
  );
}
