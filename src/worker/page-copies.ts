import type { CompactionEvent, PassSnapshot, RunResult } from '../engine/run/events';
import type { Message, Transcript } from '../engine/transcript/model';
import type { ImportResponse, LabWorkerApi } from '../worker-client/protocol';

/**
 * Copies of worker data for the page, without each message's `raw` source record. The page never reads `raw` (the
 * worker keeps the full transcript for exports and counting), and cloning it across the boundary roughly doubles the
 * main thread's work on every import and run. One copy per message object, so a message kept by every pass is still
 * one object — and structured cloning sends a shared object once.
 */
export function createPageCopier() {
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

/** The worker API as the page gets it: imports and runs come back without source records; everything else unchanged. */
export function forPage(api: LabWorkerApi): LabWorkerApi {
  const copier = createPageCopier();
  return {
    ...api,
    importFile: async (file, fileName) => copier.imported(await api.importFile(file, fileName)),
    importText: async (text, fileName) => copier.imported(await api.importText(text, fileName)),
    compact: async (request, onEvent, onDelta, onCall) => copier.result(await api.compact(request, (event) => onEvent(copier.event(event)), onDelta, onCall)),
  };
}
