import type { ConfigFields } from '../profiles/code/render-input';
import type { ProfileModule } from '../profiles/profile-module';
import type { CompactionEvent } from '../run/events';
import type { EnginePorts } from '../run/ports';
import { runProfile } from '../run/run-profile';
import { countMessageOnce } from '../tokens/accounting';
import { prefixCountingCounter } from '../tokens/prefix-counting-counter';
import type { TokenCache } from '../tokens/token-cache';
import type { TokenCounter } from '../tokens/token-counter';
import type { Message, Transcript } from '../transcript/model';
import { isCheckpointBefore, withoutUsage, wroteSummary } from './checkpoints';
import { compactionFlags, describeEstimation, outcomeWords, type Divergence } from './estimation-words';
import type { GateReading } from '../run/replay-gate';
import type { ReplayCompaction, ReplayProgress, ReplayReport, ReplayStep } from './replay-model';
import { replayTotals } from './replay-totals';
import { sessionMessages, sourceCompactions } from './session-messages';
import { meterSummarizers, type PriceCall } from './summarizer-meter';

/** Everything a replay needs: the session, the profile with its validated config, the world, and how to count. */
export interface ReplayInput<Config extends ConfigFields> {
  transcript: Transcript;
  profile: ProfileModule<Config>;
  config: Config;
  /** The ports every compaction runs with (counter, clock, summarizers, callbacks, the user's abort). */
  ports: EnginePorts;
  /** The exact counter (and its cache) every step and state is counted with; the replay's figures are in its encoding. */
  measure: { counter: TokenCounter; cache?: TokenCache };
  /** Prices a live summarizer call; without it a live call's cost is unknown (the offline summarizer costs 0). */
  priceCall?: PriceCall;
  onProgress?: (progress: ReplayProgress) => void;
}

/** How often progress is reported, in messages (and after every compaction). */
const progressEvery = 200;

/**
 * Replays a session under a policy, message by message (issue 18): each message joins the context the agent would have
 * had under this profile and config, the profile's own gate is checked where its host checks it, and when it fires the
 * profile compacts the current context — a full run with passes, fates and snapshots — and the session goes on from
 * the compacted context. The agent's messages are the only input; nothing is invented. Counting is incremental (each
 * message counted once, through the cache), a gate check is O(1), and a compaction works on the current context only.
 * Logged usage anchors the gate only while the context is still the agent's own: from the first compaction (the
 * policy's or the agent's) on, messages join without it, and the report says so. A failed compaction leaves the
 * context as its run left it and the replay goes on. Never throws (runs go through `runProfile`).
 */
export async function replaySession<Config extends ConfigFields>(input: ReplayInput<Config>): Promise<ReplayReport> {
  const { transcript, profile, config, ports, measure } = input;
  const gate = profile.replayGate(config, ports, transcript.system);
  const meter = meterSummarizers(ports.summarizers, measure.counter, measure.cache, input.priceCall);
  // A host that rebuilds every request from the whole history measures ever-longer texts: count only what is new.
  const counter = gate.rebuildsFromHistory ? prefixCountingCounter(ports.counter) : ports.counter;
  const runPorts: EnginePorts = { ...ports, counter, summarizers: meter.summarizers };
  const count = (message: Message): number => countMessageOnce(message, measure.counter, measure.cache);
  const systemTokens = transcript.system ? count(transcript.system) : 0;
  const session = sessionMessages(transcript);
  const agentCompactions = sourceCompactions(transcript);
  const steps: ReplayStep[] = [];
  const compactions: ReplayCompaction[] = [];
  const history: Message[] = [];
  let context: Message[] = [];
  let exact = systemTokens;
  let carryState: unknown;
  let divergence: Divergence | undefined;
  let wasAnchored = false;
  let isCancelled = false;
  let stopped: string | undefined;
  gate.reset(context);

  const diverge = (why: Divergence): void => {
    if (divergence) return;
    divergence = why;
    context = context.map(withoutUsage);
    gate.reset(context, carryState);
  };
  const recount = (): number => context.reduce((sum, message) => sum + count(message), systemTokens);

  const check = async (): Promise<void> => {
    const step = steps[steps.length - 1];
    const reading = gate.reading();
    if (!step || !reading.fires || isCancelled || stopped) return;
    let gateReason = '';
    let hasRunFired = false;
    const onEvent = (event: CompactionEvent): void => {
      if (event.type !== 'gate') return;
      gateReason = event.reason;
      hasRunFired = event.shouldCompact;
    };
    const before = context;
    // A rebuilding host's run reads the whole history: that, not the context it rebuilt, is what its fates describe.
    const runInput = gate.rebuildsFromHistory ? history : before;
    meter.take();
    const run = await runProfile(profile, { messages: runInput, system: transcript.system, config, ports: runPorts, onEvent, carryState }, measure);
    const spent = meter.take();
    if (run.cancelled) {
      isCancelled = true;
      return;
    }
    // A callback budget spent (a loop, or calls that together ran too long) would fail or skip every later callback:
    // the replay stops here rather than run each checkpoint's callbacks into the same wall.
    const exhausted = ports.callbacks?.budgetExhausted?.();
    if (exhausted) stopped = `stopped at message ${step.atMessage + 1}: ${exhausted}`;
    carryState = run.carryState;
    // A compaction is a run whose own gate fired (a pass that only cut tool outputs again is not one), or that failed.
    const isCompaction = (gate.rebuildsFromHistory ? wroteSummary(run) : hasRunFired) || !run.success;
    const isChanged = run.messages.length !== before.length || run.messages.some((message, index) => message !== before[index]);
    if (isChanged) {
      context = divergence ? run.messages.map(withoutUsage) : [...run.messages];
      diverge({ kind: 'policy', atMessage: step.atMessage });
      gate.reset(context, carryState);
      exact = recount();
    }
    if (!isCompaction) return;
    const after = gate.reading();
    const ordinal = compactions.length + 1;
    step.compaction = ordinal;
    step.exactTokensAfter = exact;
    step.gateAfter = after;
    compactions.push({
      ordinal,
      atMessage: step.atMessage,
      reason: gateReason || `${gate.checkpointLabel}: ${reading.tokens} over ${reading.threshold}`,
      gate: reading,
      tokensBefore: step.exactTokens,
      tokensAfter: exact,
      passes: run.passes.length,
      summarizerCalls: run.summarizerCalls,
      tokensToSummarizers: spent.sentTokens,
      costUsd: spent.costUsd,
      success: run.success,
      ...outcomeWords(run, after),
      flags: compactionFlags(run),
      input: [...runInput],
      run,
    });
    // Consent is the user's to give: every later compaction would be refused the same way, so the replay stops here.
    if (run.error?.code === 'callbacks-need-consent') stopped = `stopped at message ${step.atMessage + 1}: ${run.error.message}`;
    input.onProgress?.({ done: step.atMessage + 1, total: transcript.messages.length, compactions: compactions.length });
  };

  let previous: Message | undefined;
  for (const { message, index } of session.messages) {
    if (ports.signal?.aborted) {
      isCancelled = true;
      break;
    }
    if (isCheckpointBefore(gate, message, previous)) await check();
    if (isCancelled || stopped) break;
    const agentCompaction = agentCompactions.find((compaction) => compaction.atMessage <= index);
    if (agentCompaction) diverge({ kind: 'agent', atMessage: agentCompaction.atMessage });
    const admitted = gate.admit ? await gate.admit(message) : message;
    const joined = divergence ? withoutUsage(admitted) : admitted;
    context.push(joined);
    if (gate.rebuildsFromHistory) history.push(joined);
    gate.append(joined);
    exact += count(joined);
    const reading: GateReading = gate.reading();
    if (reading.basis === 'logged-usage') wasAnchored = true;
    const logged = message.role === 'assistant' ? message.usage?.contextTokens : undefined;
    steps.push({
      atMessage: index,
      contextMessages: context.length,
      exactTokens: exact,
      gate: reading,
      ...(logged !== undefined ? { loggedContextTokens: logged } : {}),
      ...(message.createdAt !== undefined ? { createdAt: message.createdAt } : {}),
    });
    if (gate.checkpoint === 'message') await check();
    if (stopped) break;
    previous = message;
    if (steps.length % progressEvery === 0) input.onProgress?.({ done: index + 1, total: transcript.messages.length, compactions: compactions.length });
  }
  if (!isCancelled && gate.checkpoint !== 'never' && gate.checkpoint !== 'message') await check();
  if (!isCancelled) input.onProgress?.({ done: transcript.messages.length, total: transcript.messages.length, compactions: compactions.length });

  const limits = profile.limits(config);
  return {
    profile: profile.id,
    ...(limits.window !== undefined ? { window: limits.window } : {}),
    trigger: Number.isFinite(gate.reading().threshold) ? gate.reading().threshold : null,
    ...(limits.triggerComparedWith !== undefined ? { triggerComparedWith: `${limits.triggerComparedWith}${limits.trigger !== undefined ? ` (threshold ${limits.trigger})` : ""}` } : {}),
    checkpoint: gate.checkpoint,
    checkpointLabel: gate.checkpointLabel,
    compactionInput: gate.rebuildsFromHistory ? 'history' : 'context',
    estimation: describeEstimation(gate, wasAnchored, divergence),
    encoding: measure.counter.encoding,
    steps,
    compactions,
    sourceCompactions: agentCompactions,
    totals: replayTotals(steps, compactions),
    cancelled: isCancelled,
    ...(stopped ? { stopped } : {}),
    skippedMessages: session.skipped,
  };
}
