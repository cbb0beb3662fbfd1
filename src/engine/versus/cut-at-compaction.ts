import type { Message, Transcript } from '../transcript/model';
import { agentCompactions, type AgentCompaction } from './agent-compactions';
import { codexReplacementContext } from './codex-replacement';

/** A transcript cut at one of the agent's own compactions. */
export interface CompactionCut {
  compaction: AgentCompaction;
  /**
   * What the agent's context held just before the boundary, as a transcript the lab hands a profile. For the first
   * compaction: the main-conversation messages before it. For a later one: what the agent continued with after the
   * previous compaction (its `agentContext`) and everything it did since — never the file's first line, which the
   * agent no longer saw. No markers (the earlier compactions are already applied), the source's system prompt.
   */
  before: Transcript;
  /** The messages of `before` the agent's compaction replaced (all of them, except for an OpenHands condensation that lists what it forgot). */
  compactedPart: Message[];
  /**
   * What the agent continued with: its summary message (Claude Code, with the harness messages it attached right after
   * it), Codex's whole replacement history, or OpenHands' kept events with the summary where the forgotten ones were.
   */
  agentContext: Message[];
  /** Everything the agent did after the boundary, up to its next compaction or the end (main conversation only). */
  after: Message[];
}

const textMessage = (id: string, text: string, sourceRef: Message['sourceRef']): Message => ({ id, role: 'user', origin: 'summary', blocks: [{ kind: 'text', text }], sourceRef, raw: null });

/** The boundary messages a compaction wrote itself (its summary, and what Claude Code attached after it): never part of `after`. */
export function writtenByCompaction(transcript: Transcript, compaction: AgentCompaction): Message[] {
  const { marker } = compaction;
  const start = transcript.messages.findIndex((message) => message.id === marker.summaryMessageId);
  if (start < 0) return [];
  const written = [transcript.messages[start]];
  if (marker.kind === 'compact_boundary' || marker.kind === 'compact_summary') {
    // Claude Code re-attaches files and reminders right after its summary, before the agent acts again.
    for (let index = start + 1; index < transcript.messages.length && transcript.messages[index].origin === 'injected'; index++) written.push(transcript.messages[index]);
  }
  return written;
}

/** What one compaction left in the context, given the live context before it. */
function contextAfter(live: readonly Message[], compaction: AgentCompaction, written: readonly Message[]): { compactedPart: Message[]; agentContext: Message[] } {
  const { marker } = compaction;
  if (marker.kind === 'condensation') {
    const forgotten = marker.replacesMessageIds ? new Set(marker.replacesMessageIds) : undefined;
    // OpenHands shows only the latest summary: a new one replaces the one an earlier condensation wrote.
    const isReplaced = (message: Message): boolean => forgotten === undefined || forgotten.has(message.id) || (marker.summaryText !== undefined && message.origin === 'summary');
    const compactedPart = live.filter(isReplaced);
    const gone = new Set(compactedPart.map((message) => message.id));
    const kept = live.filter((message) => !gone.has(message.id));
    if (marker.summaryText === undefined) return { compactedPart, agentContext: kept };
    // OpenHands puts the summary where the forgotten events were (after the events it keeps first).
    const firstGone = live.findIndex((message) => gone.has(message.id));
    const at = firstGone < 0 ? kept.length : live.slice(0, firstGone).filter((message) => !gone.has(message.id)).length;
    const summary = textMessage(`condensation-${compaction.ordinal}-summary`, marker.summaryText, live[firstGone]?.sourceRef ?? {});
    return { compactedPart, agentContext: [...kept.slice(0, at), summary, ...kept.slice(at)] };
  }
  const [summary, ...attached] = written;
  if (marker.kind === 'compacted' && summary) return { compactedPart: [...live], agentContext: [...codexReplacementContext(summary), ...attached] };
  return { compactedPart: [...live], agentContext: [...written] };
}

/**
 * Cuts a transcript at one of the agent's compactions (from `agentCompactions`). The agent's context is replayed from
 * the start: each earlier compaction replaces what it replaced, so `before` is what the agent really held at this
 * boundary. Sidechain (subagent) messages ran on another context and are left out of every part.
 */
export function cutAtCompaction(transcript: Transcript, compaction: AgentCompaction): CompactionCut {
  const compactions = agentCompactions(transcript);
  const main = (message: Message): boolean => !message.isSidechain;
  let live = transcript.messages.slice(0, compactions[0]?.atMessage ?? transcript.messages.length).filter(main);
  for (const [position, current] of compactions.entries()) {
    const written = writtenByCompaction(transcript, current);
    const writtenIds = new Set(written.map((message) => message.id));
    const { compactedPart, agentContext } = contextAfter(live, current, written);
    const end = compactions[position + 1]?.atMessage ?? transcript.messages.length;
    const after = transcript.messages.slice(current.atMessage, end).filter((message) => main(message) && !writtenIds.has(message.id));
    if (current.ordinal === compaction.ordinal) {
      const { marker } = current;
      const loggedUsage = marker.tokensBefore === undefined ? undefined : { lastContextTokens: marker.tokensBefore, description: "the agent's own count of its context at this compaction" };
      const before: Transcript = { ...transcript, id: `${transcript.id}#before-compaction-${current.ordinal}`, messages: live, markers: [], meta: { ...transcript.meta, loggedUsage } };
      return { compaction: current, before, compactedPart, agentContext, after };
    }
    live = [...agentContext, ...after];
  }
  throw new RangeError(`The transcript has no compaction ${compaction.ordinal}: it has ${compactions.length}.`);
}
