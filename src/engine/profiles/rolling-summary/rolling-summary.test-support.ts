import type { CompactionEvent } from '../../run/events';
import { FakeClock } from '../../run/fake-clock.test-support';
import type { EnginePorts } from '../../run/ports';
import { scriptedSummarizer, type ScriptStep } from '../../run/scripted-summarizer.test-support';
import { charsPerTokenCounter } from '../../tokens/token-counter';
import type { Block, Message, Role } from '../../transcript/model';

/** A canonical message for rolling-summary tests. */
export function message(id: string, role: Role, blocks: Block[] | string, createdAt?: string): Message {
  const origin = role === 'assistant' ? 'model' : role === 'tool' ? 'tool' : 'human';
  const content = typeof blocks === 'string' ? [{ kind: 'text' as const, text: blocks }] : blocks;
  return { id, role, origin, blocks: content, createdAt, sourceRef: {}, raw: null };
}

/** A tool-call block with its arguments kept both parsed and raw. */
export function toolCall(callId: string, name = 'read', args: unknown = { path: 'x' }): Block {
  return { kind: 'tool_call', callId, name, args, argsRaw: JSON.stringify(args) ?? '' };
}

/** A successful tool-result block. */
export function toolResult(callId: string, content = 'contents'): Block {
  return { kind: 'tool_result', callId, content, isError: false };
}

/** `2026-01-01T00:00:<second>.000Z`: sortable timestamps for the repro transcripts. */
export function second(value: number): string {
  return `2026-01-01T00:00:${String(value).padStart(2, '0')}.000Z`;
}

/** `count` plain turns: user `question i` then assistant `answer i`, ids `u<i>` / `a<i>`. */
export function plainTurns(count: number): Message[] {
  const messages: Message[] = [];
  for (let turn = 1; turn <= count; turn++) {
    messages.push(message(`u${turn}`, 'user', `question ${turn}`, `2026-01-01T00:00:${String(turn * 2).padStart(2, '0')}.000Z`));
    messages.push(message(`a${turn}`, 'assistant', `answer ${turn}`, `2026-01-01T00:00:${String(turn * 2 + 1).padStart(2, '0')}.000Z`));
  }
  return messages;
}

/** The seed tests' summarizer: answers `SUMMARY(n)` on the n-th call, recording every request. */
function summaryScript(callCount = 5): ScriptStep[] {
  return Array.from({ length: callCount }, (_, index) => ({ text: `SUMMARY(${index + 1})` }));
}

/** Ports with a fake clock, a ceil(len/4) counter and a scripted main summarizer. */
export function testPorts(steps: ScriptStep[] = summaryScript(), signal?: AbortSignal) {
  const clock = new FakeClock();
  const summarizer = scriptedSummarizer(steps, clock);
  const ports: EnginePorts = { counter: charsPerTokenCounter(4), clock, summarizers: { main: summarizer }, signal };
  return { ports, clock, summarizer };
}

/** An event sink that keeps every event. */
export function eventLog(): { events: CompactionEvent[]; onEvent: (event: CompactionEvent) => void } {
  const events: CompactionEvent[] = [];
  return { events, onEvent: (event) => events.push(event) };
}
