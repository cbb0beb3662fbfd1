import {
  agentCompactions, agentSummaryTokens, compareWithAgent, contextBasis, contextTokens, cutAtCompaction, engineError, messageText, runOutcome, type AgentCompaction, type CompactionEvent,
  type EngineError, type RunResult,
} from '../engine';
import { namedProfile, type ConfigDocument } from '../engine/config';
import type { Message, Transcript } from '../engine/transcript';
import { loadTokenCounter } from '../ports/tokenizer/token-counter';
import type { WorkerReply } from '../worker-client/protocol';
import type { ContextMessageText, VersusCompaction, VersusOutcome, VersusRequest, VersusRun, VersusRunFailure } from '../worker-client/versus-protocol';
import { runCompaction, type RunOptions } from './run-compaction';
import { runWithGateForced, type ForcedRun, type GateForcing } from './versus-force';
import { searchAgentSizing, type SizingLanding } from './versus-size-search';
import { describeSettings } from './versus-sizing';

/** The agent's compactions of a transcript as the picker and the CLI list them. */
function listed(compactions: readonly AgentCompaction[]): VersusCompaction[] {
  return compactions.map(({ ordinal, atMessage, marker, isReadable, whyUnreadable }) => ({
    ordinal,
    atMessage,
    kind: marker.kind,
    ...(marker.trigger ? { trigger: marker.trigger } : {}),
    isReadable,
    ...(whyUnreadable ? { whyUnreadable } : {}),
  }));
}

/** "compaction 2 (before message 289)": how every message names one compaction (messages numbered from 1). */
function named(compaction: AgentCompaction): string {
  return `compaction ${compaction.ordinal} (before message ${compaction.atMessage + 1})`;
}

/** The compaction a request names (by ordinal), or the last readable one; a refusal in words when there is none to compare. */
function chooseCompaction(compactions: readonly AgentCompaction[], boundary: number | undefined): { compaction: AgentCompaction } | { refusal: EngineError } {
  if (compactions.length === 0) {
    return { refusal: engineError('no-compaction', 'this transcript holds no compaction by the agent: no Claude Code compact_boundary, Codex compacted item or OpenHands condensation, so there is nothing to compare against') };
  }
  if (boundary !== undefined) {
    const chosen = compactions.find((compaction) => compaction.ordinal === boundary);
    if (!chosen) {
      const range = compactions.length === 1 ? 'only compaction 1' : `compactions 1 to ${compactions.length}`;
      return { refusal: engineError('no-such-boundary', `there is no compaction ${boundary}: this transcript holds ${range} by the agent`) };
    }
    if (!chosen.isReadable) return { refusal: engineError('unreadable-compaction', `${named(chosen)} cannot be compared: ${chosen.whyUnreadable ?? 'its summary cannot be read'}`) };
    return { compaction: chosen };
  }
  const readable = compactions.filter((compaction) => compaction.isReadable);
  const last = readable[readable.length - 1];
  if (last) return { compaction: last };
  const reasons = compactions.map((compaction) => `${named(compaction)}: ${compaction.whyUnreadable ?? 'its summary cannot be read'}`).join('; ');
  return { refusal: engineError('unreadable-compaction', `none of this transcript's compactions by the agent can be compared (${reasons})`) };
}

/** A context as text for the page and the CLI: what each message holds, without its source record. */
function asText(messages: readonly Message[]): ContextMessageText[] {
  return messages.map((message) => ({ id: message.id, role: message.role, origin: message.origin, text: messageText(message) }));
}

const passesText = (count: number): string => `${count} pass${count === 1 ? '' : 'es'}`;

/**
 * Which settings sizing like the agent's summary set, after how many tries, and the multiple of the agent's summary the
 * profile's context reached (a live model writes its summary at its own length).
 */
function sizingNote(sizing: Sizing, summaryTokens: number, reached: { tokens: number; tries: number }, isLive: boolean): string {
  const live = isLive ? ' (the size was searched with the offline summarizer; a live model writes its summary at its own length)' : '';
  const multiple = summaryTokens > 0 ? `${(reached.tokens / summaryTokens).toFixed(2)}× the agent's summary` : 'an agent summary of no tokens';
  const tries = `${reached.tries} tr${reached.tries === 1 ? 'y' : 'ies'}`;
  // A search that did not land near its size says so, and why, rather than passing the nearest run off as sized.
  const outcome = sizing.landing === 'near' || sizing.outcome === undefined ? '' : ` ${sizing.outcome}`;
  return `Sized like the agent's summary (${summaryTokens.toLocaleString('en-US')} tokens) in ${tries}: ${describeSettings(sizing.settings)} set over the config; the profile's context reached ${multiple}${live}.${outcome}`;
}

/** What sizing like the agent set, after how many tries, and how its search landed (absent for a failed run). */
interface Sizing {
  settings: Record<string, unknown>;
  tries: number;
  landing?: SizingLanding;
  outcome?: string;
}

/** A profile run for the comparison: its result, and the setting that forced its gate when its own did not fire. */
/** How the profile's side was made, in a sentence. */
function runNote(result: RunResult, forcing: GateForcing | undefined, wasForced: boolean, where: string): string {
  const passes = result.passes.length;
  if (!wasForced) return `${result.profile} ran on ${where}; its own gate fired (${passesText(passes)}).`;
  const gate = `${result.profile}'s gate would not fire on ${where}, but the agent compacted there`;
  if (!forcing) return `${gate}, and the profile has no setting that forces its gate: its side is the uncompacted context.`;
  if (passes === 0) return `${gate}; it made no pass even with ${forcing.description}: its side is the uncompacted context.`;
  return `${gate}, so it ran again with ${forcing.description} (${passesText(passes)}).`;
}

/**
 * Compares a profile with the agent's own compaction. Cuts the transcript at the compaction `request.boundary` names
 * (the last readable one by default), runs the config's profile on the context the agent held before it with
 * `runCompaction`'s machinery, and measures both compacted contexts — the agent's summary and the profile's last
 * pass — against what the agent went on to need (`compareWithAgent`).
 *
 * The gate: the agent compacted at this boundary, so a comparison needs a compacted context on the profile's side. The
 * config runs as given first; when its gate does not fire on those messages (no pass), it runs once more with the gate
 * forced (`gateForcing`: the profile's `force` flag, or its threshold at the lowest value), and `run.forcedGate` and
 * `run.note` say so.
 *
 * Never throws; answers as the worker does (`WorkerReply`). Nothing to compare against is a refusal in words: a
 * transcript without a compaction by the agent (`no-compaction`), a boundary it does not hold (`no-such-boundary`),
 * no readable compaction (`unreadable-compaction`); so is a run cancelled before it made a comparison (`cancelled`). A
 * profile run that fails otherwise is an answer (`compared: false`): the transcript's compactions, the run's report
 * with its error, and what did not succeed in words.
 *
 * The size: `request.sizing: 'like-agent'` sets the profile's own bounds on what it keeps beside its summary (its
 * meta's `sizedLike`) and the offline summary's budget over the config at the values `searchAgentSizing` finds bring
 * the profile's context nearest the agent's summary tokens, at most them where a run lands near (a few offline runs;
 * a live summarizer runs once, on the size found), so both sides are compared at a comparable size;
 * `run.sizedSettings` and `run.note` say what was set and the multiple of the agent's summary reached. As configured
 * otherwise.
 */
export async function compareAtCompaction(
  transcript: Transcript,
  request: Omit<VersusRequest, 'transcriptKey'>,
  onEvent: (event: CompactionEvent) => void,
  options: RunOptions = {},
): Promise<WorkerReply<VersusOutcome>> {
  const all = agentCompactions(transcript);
  const compactions = listed(all);
  const choice = chooseCompaction(all, request.boundary);
  if ('refusal' in choice) return { ok: false, error: choice.refusal };
  const cut = cutAtCompaction(transcript, choice.compaction);
  const where = `the ${cut.before.messages.length} messages the agent held before ${named(choice.compaction)}`;
  const count = await loadTokenCounter(request.encoding ?? 'o200k_base');
  const summaryTokens = agentSummaryTokens(cut, count);
  // Runs a document, and once more with the gate forced when its own gate did not fire (the agent compacted here).
  const forcedRun = (document: ConfigDocument, runOptions: RunOptions): Promise<ForcedRun> =>
    runWithGateForced(document, (config) => runCompaction(cut.before, { ...request, config }, onEvent, runOptions));
  const isLive = options.choice !== undefined;
  let sizing: Sizing | undefined;
  let ran: ForcedRun;
  if (request.sizing === 'like-agent') {
    // The search runs the offline summarizer, so finding the size costs no paid call; a live summarizer runs once, on the size found.
    const search = await searchAgentSizing(request.config, summaryTokens, count, (document) => forcedRun(document, isLive ? { ...options, choice: undefined } : options));
    if (search === undefined) ran = await forcedRun(request.config, options);
    else if ('failed' in search) {
      ran = search.failed;
      sizing = { settings: search.settings, tries: 1 };
    } else {
      ran = isLive ? await forcedRun(search.chosen.document, options) : search.chosen.ran;
      sizing = { settings: search.chosen.settings, tries: search.tries, landing: search.landing, outcome: search.outcome };
    }
  } else ran = await forcedRun(request.config, options);
  const { result, forcing, wasForced } = ran;
  const profileContext = result.passes[result.passes.length - 1]?.messages ?? cut.before.messages;
  const reached = { tokens: contextTokens(profileContext, count), tries: sizing?.tries ?? 0 };
  const notes = [...(sizing ? [sizingNote(sizing, summaryTokens, reached, isLive)] : []), runNote(result, forcing, wasForced, where)];
  const runReport: VersusRun = {
    profile: result.profile,
    success: result.success,
    passes: result.passes.length,
    summarizerCalls: result.summarizerCalls,
    ...(forcing ? { forcedGate: forcing.description } : {}),
    compacted: result.passes.length > 0,
    sizing: sizing ? 'like-agent' : 'as-configured',
    ...(sizing ? { sizedSettings: sizing.settings } : {}),
    note: notes.join(' '),
    // The engine's own outcome flags of the run, on its exact counts (no window or trigger applies to one boundary):
    // sized like the agent, a profile may keep everything and replace nothing, yet report success.
    flags: runOutcome(result, contextBasis(result.exact?.encoding ?? request.encoding ?? 'o200k_base', undefined), {}).flags,
    ...(result.error ? { error: result.error } : {}),
  };
  // A cancelled run leaves nothing to compare, and its report is not worth keeping: asked again, it runs again.
  if (!result.success && result.error?.code === 'cancelled') return { ok: false, error: result.error };
  if (!result.success) {
    const reason = result.error ? `(${result.error.code}): ${result.error.message}` : '';
    return { ok: true, value: { compared: false, message: `the ${result.profile} run on ${where} did not succeed ${reason}`.trim(), compactions, run: runReport } };
  }
  const report = compareWithAgent({ cut, profileContext, count });
  return { ok: true, value: { compared: true, compactions, report, run: runReport, agentContext: asText(cut.agentContext), profileContext: asText(profileContext) } };
}

/**
 * The answer when the profile's run is refused before it starts (a live provider without a key, an invalid provider
 * spec): a failed run, as `compact` answers a failed `RunResult` for the same refusal, with the transcript's
 * compactions and the refusal in the error's own words.
 */
export function refusedComparison(transcript: Transcript, config: ConfigDocument, error: EngineError): VersusRunFailure {
  const profile = namedProfile(config);
  const run: VersusRun = { profile, success: false, passes: 0, summarizerCalls: 0, compacted: false, note: `The ${profile} run was refused before it started.`, flags: [], error };
  return { compared: false, message: error.message, compactions: listed(agentCompactions(transcript)), run };
}
