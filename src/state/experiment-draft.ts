import type { ExperimentConfig, ExperimentDefinition, ExperimentMode } from '../worker-client/experiment-protocol';
import type { TranscriptRecord } from '../workspace/workspace-schema';
import type { ChosenTranscript, TranscriptSource } from './experiment-sources';

/** The experiment being defined: its name, mode, transcripts (with where their bytes are), configs and assertions. */
export interface ExperimentDraft {
  name: string;
  mode: ExperimentMode;
  transcripts: ChosenTranscript[];
  configs: ExperimentConfig[];
  /** In canonical form, each checked when added. */
  assertions: string[];
}

/** A draft with nothing chosen yet: single compactions, as the run panel runs them. */
export const emptyDraft: ExperimentDraft = { name: '', mode: 'compaction', transcripts: [], configs: [], assertions: [] };

/** Why the draft cannot run yet, in words the view shows; undefined when it can. */
export function draftProblem(draft: ExperimentDraft): string | undefined {
  if (draft.transcripts.length === 0) return 'Add at least one transcript: from the workspace, a sample, or drop files.';
  if (draft.configs.length === 0) return 'Add at least one config: the current A or B, a preset, a saved config or a shared link.';
  const missing = draft.transcripts.filter((transcript) => transcript.source.kind === 'missing').map((transcript) => transcript.ref.name);
  if (missing.length > 0) return `Not on this page: ${missing.join(', ')}. Add these files (the same bytes: they are matched by SHA-256) or remove them.`;
  const shown = draft.configs.filter((config) => !config.document).map((config) => config.name);
  if (shown.length > 0) return `No document for ${shown.join(', ')} (read from eval output that names it only): add the config itself to run it.`;
  return undefined;
}

/** The draft as the definition it runs and shares: configs, assertions and the transcripts' names and hashes, never their text. */
export function definitionOfDraft(draft: ExperimentDraft): ExperimentDefinition {
  const name = draft.name.trim();
  return { version: 1, ...(name === '' ? {} : { name }), mode: draft.mode, configs: draft.configs, assertions: draft.assertions, transcripts: draft.transcripts.map((transcript) => transcript.ref) };
}

/** A shared definition as a draft: each transcript found in the workspace by its hash, the others marked missing. */
export function draftOfDefinition(definition: ExperimentDefinition, kept: readonly TranscriptRecord[]): ExperimentDraft {
  const byHash = new Map(kept.map((record) => [record.sha256, record]));
  const transcripts = definition.transcripts.map((ref): ChosenTranscript => {
    const found = ref.sha256 === '' ? undefined : byHash.get(ref.sha256);
    return { ref, source: found ? { kind: 'workspace', id: found.id } : { kind: 'missing' } };
  });
  return { name: definition.name ?? '', mode: definition.mode, transcripts, configs: definition.configs, assertions: definition.assertions };
}

/** The draft as this browser keeps it: a file that is not in the workspace cannot be kept, so it is left out. */
export function persistedDraft(draft: ExperimentDraft): ExperimentDraft {
  return { ...draft, transcripts: draft.transcripts.filter((transcript) => transcript.source.kind !== 'file') };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';

/** A kept transcript choice, when it reads as one. */
function restoredTranscript(value: unknown): ChosenTranscript | undefined {
  if (!isRecord(value) || !isRecord(value.ref) || !isRecord(value.source)) return undefined;
  const { ref, source } = value;
  if (!isText(ref.name) || !isText(ref.sha256) || !(ref.sizeBytes === null || typeof ref.sizeBytes === 'number')) return undefined;
  if (ref.run !== undefined && !(Number.isInteger(ref.run) && (ref.run as number) > 0)) return undefined;
  let kept: TranscriptSource | undefined;
  if (source.kind === 'workspace' && isText(source.id)) kept = { kind: 'workspace', id: source.id };
  else if (source.kind === 'sample' && isText(source.sampleId) && isText(source.fileName)) kept = { kind: 'sample', sampleId: source.sampleId, fileName: source.fileName };
  else if (source.kind === 'missing') kept = { kind: 'missing' };
  if (!kept) return undefined;
  return { ref: { name: ref.name, sha256: ref.sha256, sizeBytes: ref.sizeBytes, ...(ref.run === undefined ? {} : { run: ref.run as number }) }, source: kept };
}

/** A draft this browser kept, when it reads as one (an edited or older one is dropped, never guessed at). */
export function restoredDraft(value: unknown): ExperimentDraft | undefined {
  if (!isRecord(value) || !isText(value.name) || (value.mode !== 'compaction' && value.mode !== 'replay')) return undefined;
  if (!Array.isArray(value.transcripts) || !Array.isArray(value.configs) || !Array.isArray(value.assertions) || !value.assertions.every(isText)) return undefined;
  const transcripts = value.transcripts.map(restoredTranscript);
  const configs = value.configs.filter((config): config is ExperimentConfig => isRecord(config) && isText(config.name) && (config.document === undefined || isRecord(config.document)));
  if (transcripts.some((transcript) => transcript === undefined) || configs.length !== value.configs.length) return undefined;
  return { name: value.name, mode: value.mode, transcripts: transcripts as ChosenTranscript[], configs, assertions: value.assertions };
}
