import type { CompactionMarker, Transcript } from '../transcript/model';

/**
 * A compaction the agent itself performed, usable as a yardstick: what a production agent kept at that point, and what
 * it went on to need afterwards.
 */
export interface AgentCompaction {
  /** 1-based position among the transcript's usable compactions (the CLI's `--boundary N`). */
  ordinal: number;
  /** The transcript's marker of the compaction. */
  marker: CompactionMarker;
  /** Index in `transcript.messages` of the boundary: the agent's context before it ends just before this message. */
  atMessage: number;
  /** False when the agent's summary cannot be read (encrypted or missing); `whyUnreadable` says why. */
  isReadable: boolean;
  /** Why the agent's summary cannot be read, in words; set only when `isReadable` is false. */
  whyUnreadable?: string;
}

/**
 * Marker kinds that replace the context before them: Claude Code's `compact_boundary` (and a `compact_summary` seen
 * without its boundary), Codex's `compacted`, OpenHands' `condensation`, the Responses API's `compaction` item.
 * Claude Code's `microcompact_boundary` clears old tool outputs in place and writes no summary: no yardstick.
 */
const replacingKinds = new Set(['compact_boundary', 'compact_summary', 'compacted', 'condensation', 'compaction']);

function unreadableReason(marker: CompactionMarker): string | undefined {
  if (marker.isOpaque) return 'the summary is encrypted (an opaque compaction item): only the provider can read it';
  if (marker.kind === 'condensation') {
    // A condensation that forgets events without a summary still leaves a known context: the events it kept.
    return marker.summaryText === undefined && marker.replacesMessageIds === undefined ? 'the condensation names no summary and no forgotten events' : undefined;
  }
  if (marker.summaryText === undefined || marker.summaryText.trim() === '') return 'the source holds no summary text for this compaction';
  return undefined;
}

/**
 * Every compaction the agent performed that can serve as a yardstick, in transcript order and numbered from 1.
 * Unreadable ones (encrypted summaries) are listed too, flagged, so a picker can say why it cannot compare them.
 */
export function agentCompactions(transcript: Transcript): AgentCompaction[] {
  const markers = transcript.markers.filter((marker) => replacingKinds.has(marker.kind)).sort((left, right) => left.atIndex - right.atIndex);
  return markers.map((marker, index) => {
    const whyUnreadable = unreadableReason(marker);
    return { ordinal: index + 1, marker, atMessage: marker.atIndex, isReadable: whyUnreadable === undefined, ...(whyUnreadable ? { whyUnreadable } : {}) };
  });
}
