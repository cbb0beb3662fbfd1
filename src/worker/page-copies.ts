import type { CompactionEvent, PassSnapshot, RunResult } from '../engine';
import type { Message, Transcript } from '../engine/transcript';
import type { WorkerReply } from '../worker-client/protocol';
import type { LabWorkerApi } from '../worker-client/lab-worker-api';
import type { ImportResponse } from '../worker-client/transcript-protocol';

/**
 * Copies of worker data for the page, without each message's `raw` source record. The page never reads `raw` (the
 * worker keeps the full transcript for exports and counting), and cloning it across the boundary roughly doubles the
 * main thread's work on every import and run. One copy per message object, so a message kept by every pass is still
 * one object — and structured cloning sends a shared object once.
 */
function createPageCopier() {
  const copies = new WeakMap<Message, Message>();
  const message = (source: Message): Message => {
    if (source.raw === null || source.raw === undefined) return source;
    let copy = copies.get(source);
    if (!copy) {
      copy = { ...source, raw: null };
      copies.set(source, copy);
    }
    return copy;
  };
  const messages = (list: readonly Message[]): Message[] => list.map(message);
  const transcript = (source: Transcript): Transcript => ({ ...source, system: source.system && message(source.system), messages: messages(source.messages) });
  const snapshot = (source: PassSnapshot): PassSnapshot => ({ ...source, messages: messages(source.messages) });
  const result = (source: RunResult): RunResult => ({ ...source, messages: messages(source.messages), passes: source.passes.map(snapshot) });
  const event = (source: CompactionEvent): CompactionEvent => {
    if (source.type === 'pass-end') return { ...source, snapshot: snapshot(source.snapshot) };
    if (source.type === 'run-end') return { ...source, result: result(source.result) };
    return source;
  };
  const imported = (response: ImportResponse): ImportResponse => ({ ...response, transcripts: response.transcripts.map(transcript) });
  return { transcript, result, event, imported };
}

/** A reply with its value passed through `copy`; an error passes unchanged. */
function copied<T>(reply: WorkerReply<T>, copy: (value: T) => T): WorkerReply<T> {
  return reply.ok ? { ok: true, value: copy(reply.value) } : reply;
}

/** The worker API as the page gets it: imports, runs, opened replay compactions and last-held contexts come back without source records; everything else unchanged. */
export function forPage(api: LabWorkerApi): LabWorkerApi {
  const copier = createPageCopier();
  return {
    ...api,
    importFile: async (file, fileName) => copied(await api.importFile(file, fileName), copier.imported),
    importText: async (text, fileName) => copied(await api.importText(text, fileName), copier.imported),
    compact: async (request, onEvent, onDelta, onCall) =>
      copied(await api.compact(request, (event) => onEvent(copier.event(event)), onDelta, onCall), (answer) => ({ ...answer, result: copier.result(answer.result) })),
    openReplayCompaction: async (replayId, ordinal) =>
      copied(await api.openReplayCompaction(replayId, ordinal), (opened) => ({ ...opened, result: copier.result(opened.result), context: copier.transcript(opened.context) })),
    openLastHeld: async (transcriptKey) => copied(await api.openLastHeld(transcriptKey), (held) => ({ ...held, context: copier.transcript(held.context) })),
  };
}
