import type { ReplayStep } from '../replay/replay-model';
import { contextFigure, type ContextBasis } from '../tokens/context-basis';
import type { Transcript } from '../transcript/model';
import { mainChain, responseSpan, type AgentCall } from './agent-calls';
import type { ModelCall } from './cache-model';
import type { BilledTokens } from './prices';

/** Where the agent made a call, and what is known of it apart from its context. */
export interface CallSite {
  messageIndex: number;
  model?: string;
  startMs?: number;
  endMs?: number;
  outputTokens: number;
  /** What the provider logged for the call, when it did. */
  logged?: BilledTokens;
  /** The agent's own context at this call, as logged and on the basis: a policy's context is scaled by their ratio. */
  anchor?: { loggedTokens: number; basisTokens: number };
}

/** The agent's calls: those that logged usage, or every main-conversation assistant message when none did. */
export interface CallSites {
  sites: CallSite[];
  /** `logged`: the calls that logged usage; `every-reply`: none did, so each assistant message is a call and its output is our count of it. */
  basis: 'logged' | 'every-reply';
}

/**
 * The agent's calls a replay bills: its main-conversation calls that logged usage, each with its logged output; when
 * the source logged none, every main-conversation assistant message, its output taken as our exact count of it and
 * its model as the message's (else the transcript's).
 */
export function callSites(transcript: Transcript, agent: readonly AgentCall[], perMessage: readonly number[]): CallSites {
  if (agent.length > 0) {
    return {
      basis: 'logged',
      sites: agent.map((call) => ({
        messageIndex: call.messageIndex,
        ...(call.model !== undefined ? { model: call.model } : {}),
        ...(call.call.startMs !== undefined ? { startMs: call.call.startMs } : {}),
        ...(call.call.endMs !== undefined ? { endMs: call.call.endMs } : {}),
        outputTokens: call.logged.output,
        logged: call.logged,
        anchor: { loggedTokens: call.call.promptTokens, basisTokens: call.basisTokens },
      })),
    };
  }
  const sites: CallSite[] = [];
  transcript.messages.forEach((message, index) => {
    if (message.role !== 'assistant' || message.isSidechain) return;
    const model = message.model ?? transcript.meta.model;
    sites.push({ messageIndex: index, ...(model !== undefined ? { model } : {}), ...responseSpan(transcript, index), outputTokens: perMessage[index] ?? 0 });
  });
  return { basis: 'every-reply', sites };
}

/**
 * The agent's calls made on the policy's context: each call saw the context as the replay held it just before its
 * message joined (the step before, after any compaction there), sized on the basis and then anchored to the log: scaled
 * by the same call's logged ÷ basis size of the agent's own context (`anchor`), so where the policy's context is the
 * agent's the size is the logged one, and elsewhere the difference keeps our relative measure. A call keeps the
 * previous call's prompt as its prefix unless the policy compacted between them, or the context shrank, when only the
 * cached head is kept. The first call is billed as logged when no compaction came before it (the context is still the agent's own).
 */
/** A size on the basis scaled by the agent's logged ÷ basis size at the same call; unchanged without an anchor. */
function anchored(tokens: number, anchor: CallSite['anchor']): number {
  if (!anchor || anchor.basisTokens <= 0) return tokens;
  return Math.round((tokens * anchor.loggedTokens) / anchor.basisTokens);
}

export function policyCalls(sites: readonly CallSite[], steps: readonly ReplayStep[], basis: ContextBasis, headTokens: number): ModelCall[] {
  const calls: ModelCall[] = [];
  let stepIndex = -1;
  let previousPrompt: number | undefined;
  let hasCompacted = false;
  for (const site of sites) {
    let compactedBetween = false;
    while (stepIndex + 1 < steps.length && steps[stepIndex + 1].atMessage < site.messageIndex) {
      stepIndex += 1;
      if (steps[stepIndex].compaction !== undefined) compactedBetween = true;
    }
    hasCompacted ||= compactedBetween;
    const step = stepIndex >= 0 ? steps[stepIndex] : undefined;
    const exact = step ? (step.exactTokensAfter ?? step.exactTokens) : 0;
    const promptTokens = Math.max(anchored(contextFigure(basis, exact).tokens, site.anchor), headTokens);
    const isRewritten = compactedBetween || (previousPrompt !== undefined && promptTokens < previousPrompt);
    const keptTokens = previousPrompt === undefined ? 0 : isRewritten ? headTokens : previousPrompt;
    calls.push({
      chain: mainChain,
      ...(site.model !== undefined ? { model: site.model } : {}),
      ...(site.startMs !== undefined ? { startMs: site.startMs } : {}),
      ...(site.endMs !== undefined ? { endMs: site.endMs } : {}),
      promptTokens,
      headTokens,
      keptTokens,
      outputTokens: site.outputTokens,
      ...(previousPrompt === undefined && !hasCompacted && site.logged ? { asLogged: site.logged } : {}),
    });
    previousPrompt = promptTokens;
  }
  return calls;
}
