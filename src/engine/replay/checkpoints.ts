import type { RunResult } from '../run/events';
import type { ReplayGate } from '../run/replay-gate';
import type { Message } from '../transcript/model';

/** The message without its logged usage: once the replayed context differs from the agent's, the usage describes another context. */
export function withoutUsage(message: Message): Message {
  if (message.usage === undefined) return message;
  const copy = { ...message };
  delete copy.usage;
  return copy;
}

/** True when a checkpoint falls just before this message joins the context. */
export function isCheckpointBefore(gate: ReplayGate, message: Message, previous: Message | undefined): boolean {
  if (previous === undefined) return false;
  if (gate.checkpoint === 'turn-end') return message.role === 'user' && message.origin === 'human';
  // One model call may be stored as several assistant messages (thinking, text, tool calls): check before the first.
  if (gate.checkpoint === 'model-call') return message.role === 'assistant' && previous.role !== 'assistant';
  // After a tool turn: the model is about to be called again with the tools' results.
  if (gate.checkpoint === 'tool-turn-end') return message.role === 'assistant' && previous.role === 'tool';
  return false;
}

/** True when a rebuilding profile's run wrote its summary (a call, or the older text placed for the first time). */
export function wroteSummary(run: RunResult): boolean {
  return run.summarizerCalls > 0 || run.passes.some((pass) => pass.strategy !== 'prior-summary');
}
