import type { CompactionMarker, Message, Transcript } from '../transcript/model';
import { agentCompactions, type AgentCompaction } from './agent-compactions';
import { cutAtCompaction } from './cut-at-compaction';

/**
 * Where a run starts: the whole file as imported (the default), or the context as the agent last held it
 * (`lastHeldContext`). The page's run panel and the CLI's `compact --from` offer both.
 */
export type RunStart = 'whole-file' | 'last-held';

/** The context the agent last held: what its last compaction left, and everything it did after. */
export interface LastHeldContext {
  /** The agent's last compaction, from which the held context starts. */
  compaction: AgentCompaction;
  /**
   * That context as a transcript: the compaction's summary (with what Claude Code attached after it, Codex's
   * replacement history or OpenHands' kept events) followed by the main-conversation messages after it, the source's
   * system prompt, source and meta. Only markers after the boundary that leave the context in place (a
   * microcompaction) are kept, at their new positions; the compaction itself is already applied.
   */
  transcript: Transcript;
}

/** A marker's position in the held context: before the first held message that came at or after it in the file. */
function heldIndex(marker: CompactionMarker, held: readonly Message[], fileIndex: ReadonlyMap<Message, number>): number {
  const at = held.findIndex((message) => (fileIndex.get(message) ?? -1) >= marker.atIndex);
  return at < 0 ? held.length : at;
}

/**
 * The context the agent held at the end of the session, when it compacted: its last compaction's result plus the
 * messages after it (subagents' sidechains left out), as `cutAtCompaction` replays it. Undefined when the agent never
 * compacted, or when its last compaction cannot be read (an encrypted summary): an earlier one would not be what the
 * agent last held, so nothing is offered. Never alters `transcript`.
 */
export function lastHeldContext(transcript: Transcript): LastHeldContext | undefined {
  const last = agentCompactions(transcript).at(-1);
  if (!last?.isReadable) return undefined;
  const { agentContext, after } = cutAtCompaction(transcript, last);
  const messages = [...agentContext, ...after];
  const fileIndex = new Map(transcript.messages.map((message, index) => [message, index]));
  const replacing = new Set(agentCompactions(transcript).map((compaction) => compaction.marker));
  const markers = transcript.markers
    .filter((marker) => !replacing.has(marker) && marker.atIndex > last.atMessage)
    .map((marker) => ({ ...marker, atIndex: heldIndex(marker, messages, fileIndex) }));
  const runLabel = `as the agent last held it (from its compaction ${last.ordinal})`;
  return {
    compaction: last,
    transcript: { ...transcript, id: `${transcript.id}#last-held`, source: { ...transcript.source, runLabel: transcript.source.runLabel ? `${transcript.source.runLabel}, ${runLabel}` : runLabel }, messages, markers },
  };
}
