import type { LoggedUsage, Message, Transcript } from '../../transcript/model';
import type { ImportIssue } from '../import-report';
import type { Importer, ImporterOutput } from '../importer';
import { readOpenHandsEvents, type OpenHandsStreamLocation } from './openhands-events';
import { unlistedOpenHandsCalls } from './openhands-token-usages';
import type { ParsedDocument } from '../parse-document';
import { asArray, asRecord, asString, objectsAmong } from '../shared';
import { MAX_TOTAL_TOKENS, TokenFigures } from '../usage';

/** How many leading records detection looks at. */
const SNIFF_COUNT = 5;

function isEvent(value: unknown): boolean {
  const record = asRecord(value);
  return record !== undefined && !('role' in record) && ('action' in record || 'observation' in record);
}

/** An OpenHands event list: its first events are all actions/observations, and they carry ids or causes. */
function isEventList(value: unknown): boolean {
  const head = objectsAmong(asArray(value) ?? [], SNIFF_COUNT);
  return head.length > 0 && head.every(isEvent) && head.some((event) => 'id' in event || 'cause' in event);
}

/** Eval output keeps events in `history`; the UI's trajectory download keeps them in `trajectory`. */
function eventsKey(run: Record<string, unknown>): 'history' | 'trajectory' {
  return !Array.isArray(run.history) && isEventList(run.trajectory) ? 'trajectory' : 'history';
}

function isRun(value: unknown): boolean {
  const run = asRecord(value);
  return run !== undefined && isEventList(run[eventsKey(run)]);
}

/** One stream to convert, with everything the run record says around it. */
interface RunSource {
  events: unknown[];
  location: OpenHandsStreamLocation;
  run?: Record<string, unknown>;
  runLabel?: string;
}

function accumulatedUsage(events: unknown[], run: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const fromRun = asRecord(asRecord(run?.metrics)?.accumulated_token_usage);
  if (fromRun) return fromRun;
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const usage = asRecord(asRecord(asRecord(events[index])?.llm_metrics)?.accumulated_token_usage);
    if (usage) return usage;
  }
  return undefined;
}

function loggedUsageOf(messages: Message[], accumulated: Record<string, unknown> | undefined, figures: TokenFigures): LoggedUsage | undefined {
  const lastContextTokens = [...messages].reverse().find((message) => message.usage?.contextTokens !== undefined)?.usage?.contextTokens;
  const totalInputTokens = figures.read(accumulated, 'prompt_tokens', MAX_TOTAL_TOKENS);
  const totalOutputTokens = figures.read(accumulated, 'completion_tokens', MAX_TOTAL_TOKENS);
  if (lastContextTokens === undefined && totalInputTokens === undefined && totalOutputTokens === undefined) return undefined;
  return {
    lastContextTokens,
    totalInputTokens,
    totalOutputTokens,
    description:
      'last embedded model_response.usage.prompt_tokens (context of the last call); totals from accumulated_token_usage (prompt / completion tokens summed over every call)',
  };
}

function toTranscript(source: RunSource, fileName: string | undefined, warnings: ImportIssue[]): Transcript {
  const conversion = readOpenHandsEvents(source.events, source.location, warnings);
  const metadata = asRecord(source.run?.metadata);
  const details: Record<string, string> = {};
  const facts: [string, unknown][] = [
    ['instanceId', source.run?.instance_id],
    ['agentClass', metadata?.agent_class],
    ['openhandsVersion', conversion.openhandsVersion],
    ['error', source.run?.error],
    ['skippedEvents', conversion.skippedEventCount],
  ];
  for (const [key, value] of facts) {
    if (typeof value === 'string' || typeof value === 'number') details[key] = String(value);
  }
  const lastModel = [...conversion.messages].reverse().find((message) => message.model)?.model;
  const totals = new TokenFigures();
  const loggedUsage = loggedUsageOf(conversion.messages, accumulatedUsage(source.events, source.run), totals);
  warnings.push(...totals.issues({ path: 'accumulated_token_usage', line: source.location.line }));
  const unlistedCalls = unlistedOpenHandsCalls(source.events, source.run, conversion.messages);
  return {
    id: `openhands:${fileName ?? 'events'}:${source.runLabel ?? 'run'}`,
    source: { format: 'openhands', fileName, runLabel: source.runLabel },
    system: conversion.system,
    messages: conversion.messages,
    markers: conversion.markers,
    meta: {
      model: asString(asRecord(metadata?.llm_config)?.model) ?? lastModel,
      title: asString(source.run?.instance_id),
      loggedUsage,
      ...(unlistedCalls.length > 0 ? { unlistedCalls } : {}),
      details,
    },
  };
}

function runSource(run: Record<string, unknown>, line: number | undefined, fallbackLabel: string | undefined): RunSource {
  const key = eventsKey(run);
  return {
    events: asArray(run[key]) ?? [],
    location: { path: key, line, instruction: asString(run.instruction) },
    run,
    runLabel: asString(run.instance_id) ?? fallbackLabel,
  };
}

/** Splits the document into streams: one per eval-output line, or the single array / `history`. */
function runSources(parsed: ParsedDocument, errors: ImportIssue[]): RunSource[] {
  if (parsed.kind === 'json') {
    const root = asRecord(parsed.value);
    if (root) return [runSource(root, undefined, undefined)];
    return [{ events: asArray(parsed.value) ?? [], location: { path: '' } }];
  }
  if (parsed.kind !== 'jsonl') return [];
  if (parsed.records.some((record) => isEvent(record.value))) {
    return [{ events: parsed.records.map((record) => record.value), location: { path: '', eventLines: parsed.records.map((record) => record.line) } }];
  }
  const sources: RunSource[] = [];
  for (const record of parsed.records) {
    const run = asRecord(record.value);
    if (run && (Array.isArray(run.history) || isEventList(run.trajectory))) sources.push(runSource(run, record.line, `line ${record.line}`));
    else errors.push({ message: 'line is not an OpenHands run (no "history" array); skipped', line: record.line });
  }
  return sources;
}

/**
 * OpenHands event streams: a plain array of events, an object with `history` (or the UI download's
 * `trajectory`), or evaluation output JSONL
 * where each line is one run `{instance_id, instruction, history, metadata, metrics, …}` (one transcript
 * per line, labelled by `instance_id`, else "line N").
 */
export const openHandsImporter: Importer = {
  id: 'openhands',
  label: 'OpenHands event stream / evaluation output',
  detect(parsed) {
    if (parsed.kind === 'json') return isEventList(parsed.value) || isRun(parsed.value);
    if (parsed.kind !== 'jsonl') return false;
    const head = objectsAmong(parsed.records.slice(0, SNIFF_COUNT).map((record) => record.value), SNIFF_COUNT);
    return head.length > 0 && (head.every(isRun) || isEventList(head));
  },
  read(parsed, context): ImporterOutput {
    const errors: ImportIssue[] = [];
    const warnings: ImportIssue[] = [];
    const transcripts: Transcript[] = [];
    for (const source of runSources(parsed, errors)) {
      if (source.events.length === 0) {
        errors.push({ message: 'the run has no events', path: source.location.path || undefined, line: source.location.line });
        continue;
      }
      transcripts.push(toTranscript(source, context.fileName, warnings));
    }
    return { transcripts, errors, warnings };
  },
};
