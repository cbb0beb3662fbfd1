import {
  canonicalJson, decodeShareFragment, describeSecrets, documentProfile, findSecrets, isConfigDocument, namedProfile, promptProblems, promptSlots, promptSlotsOf,
  readConfigValue, valueAt, type ConfigDocument, type ConfigPair, type ShareEnvelope,
} from '../../engine/config';
import { documentChanges } from './config-changes';
import type { ConfigIssue } from '../../engine';
import { deflateCompressor } from '../../ports/deflate';
import { profileIds, type ProfileId } from '../../engine/profiles/meta';

/** JavaScript a config carries (two-tier callbacks): shown as code, never run without the user's consent. */
interface CarriedCallback {
  /** Where it sits, e.g. `config.maskCallback`, `ab.b.customCompactor`. */
  path: string;
  source: string;
}

/** A prompt override a shared config carries, named as the config editor names its slot. */
interface SharedPrompt {
  id: string;
  label: string;
  text: string;
}

/** The prompts a config document sets to something other than their default text. */
function overriddenPrompts(document: ConfigDocument): SharedPrompt[] {
  const profile = documentProfile(document);
  if (!profile) return [];
  return promptSlotsOf(profile).flatMap((slot) => {
    const text = valueAt(document, slot.path);
    return typeof text === 'string' && text !== slot.defaultText ? [{ id: slot.id, label: slot.label, text }] : [];
  });
}

/** What a shared link or an uploaded file turned out to be, ready for the page to show or apply. */
export type SharedOutcome =
  | { kind: 'damaged'; message: string }
  | { kind: 'secret'; lines: string[] }
  | { kind: 'invalid'; issues: ConfigIssue[] }
  | { kind: 'read-only'; notice: string; json: string; profile?: string }
  | {
      kind: 'ok';
      envelope: ShareEnvelope;
      /**
       * The config document to apply as variant A (the run panel's): the pair's A when the envelope carries one (as
       * the preview names it and the CLI's `ab` runs it), else the envelope's config with its prompt overrides put back.
       */
      config: ConfigDocument;
      profile: ProfileId;
      /** The A/B pair the envelope carries: its B goes to the A/B tab's variant B when applied. */
      pair?: ConfigPair;
      /** What keeps B from being applied (its profile unknown, a prompt it does not fill), at its `ab.b.` path; Apply is off while any. */
      pairIssues: ConfigIssue[];
      /** B's prompts that differ from their defaults (B carries its prompts inside its document). */
      pairPrompts: SharedPrompt[];
      /** The canonical JSON of the envelope, as the preview shows it. */
      json: string;
      prompts: SharedPrompt[];
      callbacks: CarriedCallback[];
      notices: string[];
    };

const callbackFields = ['maskCallback', 'compressCallback', 'customCompactor'];

function callbacksOf(envelope: ShareEnvelope): CarriedCallback[] {
  const documents: [string, Record<string, unknown>][] = [['config', envelope.config]];
  if (envelope.ab) documents.push(['ab.a', envelope.ab.a], ['ab.b', envelope.ab.b]);
  return documents.flatMap(([path, document]) =>
    callbackFields.flatMap((field) => {
      const source = document[field];
      return typeof source === 'string' && source.trim() !== '' ? [{ path: `${path}.${field}`, source }] : [];
    }),
  );
}

/**
 * Reads a value a link or a file carried with the engine's one reader (`readConfigValue`: an envelope, its body, a
 * bare config), as every CLI command reads its `--config`. Anything that looks like a secret is refused before
 * anything else is shown; a newer version is shown read-only; a config of an unknown profile is refused with the
 * field named.
 */
export function interpretShared(value: unknown): SharedOutcome {
  const secrets = findSecrets(value);
  if (secrets.length > 0) return { kind: 'secret', lines: describeSecrets(secrets) };
  const reading = readConfigValue(value);
  if (reading.status === 'invalid') return { kind: 'invalid', issues: reading.issues };
  if (reading.status === 'read-only') {
    const config = reading.document.config;
    const profile = isConfigDocument(config) ? config.profile : reading.document.profile;
    return { kind: 'read-only', notice: reading.notice, json: canonicalJson(reading.document), profile: typeof profile === 'string' ? profile : undefined };
  }
  const { envelope, pair } = reading;
  // With a pair, A is the pair's A: what the preview names and what `compaction-lab ab` runs.
  const documentA = pair ? pair.a : reading.document;
  const profile = documentProfile(documentA);
  if (!profile) {
    const path = pair ? 'ab.a.profile' : reading.fromVersion === 0 ? 'profile' : 'config.profile';
    return { kind: 'invalid', issues: [{ path, message: unknownProfile(documentA) }] };
  }
  const notices = pair ? [...reading.notices, ...pairMismatch(reading.document, pair.a)] : reading.notices;
  return {
    kind: 'ok',
    envelope,
    config: documentA,
    profile,
    ...(pair ? { pair } : {}),
    pairIssues: pair ? variantIssues(pair.b, 'ab.b.') : [],
    pairPrompts: pair ? overriddenPrompts(pair.b) : [],
    json: canonicalJson(envelope),
    prompts: pair
      ? overriddenPrompts(pair.a)
      : Object.entries(envelope.prompts ?? {}).map(([id, text]) => ({ id, label: promptSlots.find((slot) => slot.id === id)?.label ?? id, text })),
    callbacks: callbacksOf(envelope),
    notices,
  };
}

function unknownProfile(document: ConfigDocument): string {
  return `unknown profile ${JSON.stringify(namedProfile(document)).slice(0, 60)}; one of ${profileIds.join(', ')}`;
}

/** The checks A gets, on another variant: a profile this build knows, and prompts whose placeholders it fills. */
function variantIssues(document: ConfigDocument, prefix: string): ConfigIssue[] {
  if (!documentProfile(document)) return [{ path: `${prefix}profile`, message: unknownProfile(document) }];
  return promptProblems(document).map((problem) => ({ path: `${prefix}${problem.path}`, message: problem.message }));
}

/** Changes past this many are counted, not named: one sentence, not a list. */
const namedMismatches = 3;

/** An envelope whose `config` is not its `ab.a` (the page writes them alike): says which fields differ and which is applied. */
function pairMismatch(config: ConfigDocument, a: ConfigDocument): string[] {
  const changes = documentChanges(config, a);
  if (changes.length === 0) return [];
  const named = changes.slice(0, namedMismatches).map((change) => change.path).join(', ');
  const more = changes.length > namedMismatches ? ` and ${changes.length - namedMismatches} more` : '';
  return [`This envelope's config and ab.a differ (at ${named}${more}): applying puts ab.a in the run panel, as compaction-lab ab runs it; config is not applied.`];
}

/** Reads a `#config=…` hash (or a whole link); a damaged link says so in its own words. */
export function interpretSharedLink(link: string): SharedOutcome {
  const decoded = decodeShareFragment(link, deflateCompressor);
  if ('error' in decoded) return { kind: 'damaged', message: decoded.error };
  return interpretShared(decoded.value);
}

/** Reads an uploaded file's text. */
export function interpretSharedFile(name: string, text: string): SharedOutcome {
  try {
    return interpretShared(JSON.parse(text));
  } catch (error) {
    return { kind: 'invalid', issues: [{ path: name, message: `not JSON: ${error instanceof Error ? error.message : String(error)}` }] };
  }
}
