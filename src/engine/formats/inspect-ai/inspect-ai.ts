import type { Transcript } from '../../transcript/model';
import type { ImportIssue } from '../import-report';
import type { Importer, ImporterOutput } from '../importer';
import { callsByMessageId, compactionMarkers, inspectLoggedUsage, unlistedInspectCalls } from './inspect-ai-events';
import { readInspectMessages, resolveAttachments } from './inspect-ai-messages';
import { asArray, asRecord, asString } from '../shared';
import { TokenFigures } from '../usage';

function compactionSummary(events: unknown[]): string | undefined {
  const kinds = events.flatMap((value) => {
    const event = asRecord(value);
    if (event?.event !== 'compaction') return [];
    const source = asString(event.source);
    return [`${asString(event.type) ?? 'summary'}${source ? ` (${source})` : ''}`];
  });
  return kinds.length > 0 ? kinds.join(', ') : undefined;
}

function readSample(
  sample: Record<string, unknown>,
  path: string,
  log: { model?: string; task?: string; fileName?: string },
  warnings: ImportIssue[],
): Transcript {
  const attachments = asRecord(sample.attachments) ?? {};
  const missing = new Set<string>();
  const rawMessages = asArray(sample.messages) ?? [];
  const messagesValue = resolveAttachments(rawMessages, attachments, missing);
  const events = asArray(sample.events) ?? [];
  const { system, messages } = readInspectMessages(asArray(messagesValue) ?? [], rawMessages, `${path}.messages`, warnings);
  for (const key of missing) warnings.push({ message: `${key} has no entry in the sample's attachments; kept as the key`, path: `${path}.attachments` });
  const callsById = callsByMessageId(events, `${path}.events`, warnings);
  const withUsage = messages.map((message) => {
    const call = callsById.get(message.id);
    return call ? { ...message, ...call } : message;
  });
  const id = typeof sample.id === 'string' || typeof sample.id === 'number' ? String(sample.id) : path;
  const epoch = typeof sample.epoch === 'number' ? sample.epoch : 1;
  const runLabel = `sample ${id} epoch ${epoch}`;
  const details: Record<string, string> = {};
  if (log.task) details.task = log.task;
  const compactions = compactionSummary(events);
  const totals = new TokenFigures();
  const loggedUsage = inspectLoggedUsage(sample.model_usage, withUsage, totals);
  warnings.push(...totals.issues({ path: `${path}.model_usage` }));
  if (compactions) details.compactions = compactions;
  const unlistedCalls = unlistedInspectCalls(events, withUsage);
  return {
    id: `inspect-ai:${log.fileName ?? log.task ?? 'log'}:${id}:${epoch}`,
    source: { format: 'inspect-ai', fileName: log.fileName, runLabel },
    system,
    messages: withUsage,
    markers: compactionMarkers(events, withUsage),
    meta: { model: log.model, title: log.task, loggedUsage, ...(unlistedCalls.length > 0 ? { unlistedCalls } : {}), details },
  };
}

function readLog(root: Record<string, unknown>, fileName: string | undefined): ImporterOutput {
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const evalInfo = asRecord(root.eval) ?? {};
  const samples = asArray(root.samples) ?? [];
  if (samples.length === 0) {
    const status = asString(root.status);
    errors.push({
      message: `this Inspect log has no samples (header only${status ? `, status "${status}"` : ''}): re-export it with samples (log_samples) to see the conversation`,
      path: 'samples',
    });
    return { transcripts: [], errors, warnings };
  }
  const log = { model: asString(evalInfo.model), task: asString(evalInfo.task), fileName };
  const transcripts: Transcript[] = [];
  samples.forEach((value, index) => {
    const sample = asRecord(value);
    if (!sample) errors.push({ message: 'sample is not an object; skipped', path: `samples[${index}]` });
    else transcripts.push(readSample(sample, `samples[${index}]`, log, warnings));
  });
  return { transcripts, errors, warnings };
}

/**
 * Inspect AI eval logs (`.json`; a `.eval` zip must be unpacked first): `{version, eval, samples:[…]}` →
 * one transcript per sample, labelled `sample <id> epoch <n>`. `attachment://` keys are resolved from the
 * sample's `attachments`; per-call usage and stop reasons come from `model` events, totals from `model_usage`.
 */
export const inspectAiImporter: Importer = {
  id: 'inspect-ai',
  label: 'Inspect AI eval log (JSON)',
  detect(parsed) {
    if (parsed.kind !== 'json') return false;
    const root = asRecord(parsed.value);
    return root !== undefined && asRecord(root.eval) !== undefined && (Array.isArray(root.samples) || 'version' in root);
  },
  read(parsed, context) {
    const root = parsed.kind === 'json' ? asRecord(parsed.value) : undefined;
    if (!root) return { transcripts: [], errors: [{ message: 'expected an Inspect eval log object {version, eval, samples}' }], warnings: [] };
    return readLog(root, context.fileName);
  },
};
