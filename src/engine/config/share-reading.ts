import * as z from 'zod';
import { isJsonObject } from '../json-value';
import { configSchemaVersion } from './config-version';
import { describeConfigIssues, type ConfigIssue } from '../issues';
import { envelopePromptIssues, shareEnvelopeSchema, shareKind, shareSchemaVersion, type ShareEnvelope } from './share-envelope';
import { shareMigrations } from './share-migrations';

/** What reading a shared document gives: an envelope to use, one to show only, or where it is wrong. */
export type ShareReading =
  | {
      status: 'ok';
      envelope: ShareEnvelope;
      /** The version the document was written in; 0 is a bare config document (no envelope). */
      fromVersion: number;
      /** What was done to read it (migrations), in words. */
      notices: string[];
    }
  | {
      status: 'read-only';
      /** The document exactly as read: a newer build wrote it, so nothing in it is guessed at. */
      document: Record<string, unknown>;
      notice: string;
    }
  | { status: 'invalid'; issues: ConfigIssue[] };

function newerNotice(what: string, found: number, readable: number): string {
  return `This ${what} has schemaVersion ${found}, written by a newer Compaction Lab (this one reads up to ${readable}). It is shown read-only and cannot be applied; open it with a newer version.`;
}

/** The document's envelope version: 0 for a bare config document, else its own `schemaVersion`. */
function versionOf(shared: Record<string, unknown>): { version: number } | { issues: ConfigIssue[] } {
  if (!('kind' in shared)) return { version: 0 };
  if (shared.kind !== shareKind) return { issues: [{ path: 'kind', message: `expected "${shareKind}", found ${JSON.stringify(shared.kind)?.slice(0, 60)}: this is not a Compaction Lab config` }] };
  const version = shared.schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) return { issues: [{ path: 'schemaVersion', message: 'expected a whole number from 1 up' }] };
  return { version };
}

/** Zod's issues, with each field the strict envelope does not know named at its own path (`transcript`, `view.zoom`). */
function envelopeIssues(error: z.ZodError): ConfigIssue[] {
  return describeConfigIssues(error, 'not a field of a shared config (a shared config never carries transcripts or keys)');
}

/** The config documents an envelope carries, with the path a reader sees each at. */
function carriedConfigs(envelope: ShareEnvelope): { path: string; config: Record<string, unknown> }[] {
  return [{ path: 'config', config: envelope.config }, ...(envelope.ab ? [{ path: 'ab.a', config: envelope.ab.a }, { path: 'ab.b', config: envelope.ab.b }] : [])];
}

/**
 * Reads what a file, a paste or a link carried: an envelope of this version, an older one (migrated forward step by
 * step), or a bare config document (version 0). A newer envelope or config version is returned read-only, untouched.
 * Every issue names the path it is at.
 */
export function readShareDocument(value: unknown): ShareReading {
  if (!isJsonObject(value)) return { status: 'invalid', issues: [{ path: '(root)', message: 'expected a JSON object: a shared config envelope or a config document' }] };
  const detected = versionOf(value);
  if ('issues' in detected) return { status: 'invalid', issues: detected.issues };
  if (detected.version > shareSchemaVersion) return { status: 'read-only', document: value, notice: newerNotice('shared config', detected.version, shareSchemaVersion) };
  let migrated = value;
  const notices: string[] = [];
  for (let version = detected.version; version < shareSchemaVersion; ) {
    const step = shareMigrations.find((migration) => migration.from === version);
    if (!step) return { status: 'invalid', issues: [{ path: 'schemaVersion', message: `no migration from version ${version}` }] };
    migrated = step.migrate(migrated);
    notices.push(`Read ${step.describes} (version ${step.from} → ${step.to}).`);
    version = step.to;
  }
  const parsed = shareEnvelopeSchema.safeParse(migrated);
  if (!parsed.success) return { status: 'invalid', issues: envelopeIssues(parsed.error) };
  for (const carried of carriedConfigs(parsed.data)) {
    const version = carried.config.schemaVersion;
    if (typeof version === 'number' && version > configSchemaVersion) {
      return { status: 'read-only', document: value, notice: newerNotice(`config (${carried.path})`, version, configSchemaVersion) };
    }
  }
  const promptIssues = envelopePromptIssues(parsed.data);
  if (promptIssues.length > 0) return { status: 'invalid', issues: promptIssues };
  return { status: 'ok', envelope: parsed.data, fromVersion: detected.version, notices };
}
