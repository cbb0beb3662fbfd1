import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../run/fake-clock.test-support';
import type { RunResult } from '../../run/events';
import { scriptedSummarizer } from '../../run/scripted-summarizer.test-support';
import { utf8ByteLength } from '../../tokens/estimate';
import type { Block, Message } from '../../transcript/model';
import { runProfile } from './run-harness.test-support';

/** One generated step of a conversation: a user line, assistant prose, or an assistant tool turn with its results. */
type Step =
  | { kind: 'user'; lines: number; width: number }
  | { kind: 'assistant'; lines: number; width: number }
  | { kind: 'tools'; outputs: { lines: number; width: number; isMultibyte: boolean }[]; hasReasoning: boolean };

const size = { lines: fc.integer({ min: 1, max: 40 }), width: fc.integer({ min: 0, max: 60 }) };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('user' as const), ...size }),
  fc.record({ kind: fc.constant('assistant' as const), ...size }),
  fc.record({
    kind: fc.constant('tools' as const),
    outputs: fc.array(fc.record({ ...size, isMultibyte: fc.boolean() }), { minLength: 1, maxLength: 2 }),
    hasReasoning: fc.boolean(),
  }),
);

const configArbitrary = fc.record({
  trigger: fc.constantFrom('preflight', 'post-turn', 'daemon', 'manual'),
  policyStrategy: fc.constantFrom(undefined, 'none', 'truncate', 'hybrid', 'summarize_middle'),
  compactStrategy: fc.constantFrom('observation-mask', 'truncate', 'llm'),
  keepFirst: fc.integer({ min: 0, max: 3 }),
  keepLast: fc.integer({ min: 0, max: 6 }),
  tokenThreshold: fc.constantFrom(0, 1_000_000),
  toolOutputMaxChars: fc.integer({ min: 150, max: 1500 }),
  targetTokens: fc.constantFrom(undefined, 0, 1_000_000),
  hardLimitTokens: fc.constantFrom(null, 1),
});

function text(prefix: string, lines: number, width: number, isMultibyte = false): string {
  return Array.from({ length: lines }, (_, index) => `${prefix} ${index} ${(isMultibyte ? 'é' : 'w').repeat(width)}`).join('\n');
}

/** Builds a well-formed transcript: every result directly follows its call, ids unique, timestamps optional. */
function buildTranscript(steps: readonly Step[], hasTimestamps: boolean): Message[] {
  const messages: Message[] = [];
  const push = (message: Omit<Message, 'id' | 'sourceRef' | 'raw'>) => {
    const index = messages.length;
    const createdAt = hasTimestamps ? new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString() : undefined;
    messages.push({ ...message, id: `m${index}`, sourceRef: { index }, raw: null, ...(createdAt ? { createdAt } : {}) });
  };
  steps.forEach((current, stepIndex) => {
    if (current.kind === 'user') push({ role: 'user', origin: 'human', blocks: [{ kind: 'text', text: text('ask', current.lines, current.width) }] });
    else if (current.kind === 'assistant') push({ role: 'assistant', origin: 'model', blocks: [{ kind: 'text', text: text('say', current.lines, current.width) }] });
    else {
      const calls = current.outputs.map((_, callIndex) => `c${stepIndex}_${callIndex}`);
      const blocks: Block[] = current.hasReasoning ? [{ kind: 'thinking', text: 'thinking it over' }] : [];
      for (const callId of calls) blocks.push({ kind: 'tool_call', callId, name: 'read', args: {}, argsRaw: '{}' });
      push({ role: 'assistant', origin: 'model', blocks });
      current.outputs.forEach((output, callIndex) => push({
        role: 'tool',
        origin: 'tool',
        blocks: [{ kind: 'tool_result', callId: calls[callIndex], content: text('row', output.lines, output.width, output.isMultibyte), isError: false, name: 'read' }],
      }));
    }
  });
  return messages;
}

function toolOutputs(message: Message): string[] {
  return message.blocks.flatMap((block) => (block.kind === 'tool_result' ? [block.content] : []));
}

function isVolatile(message: Message): boolean {
  return message.role === 'tool' || message.blocks.some((block) => block.kind === 'tool_call' || block.kind === 'thinking');
}

async function run(messages: Message[], config: Record<string, unknown>): Promise<RunResult> {
  const clock = new FakeClock();
  const summarizer = scriptedSummarizer([{ text: 'summary of the archived work' }], clock);
  return (await runProfile(messages, config, { summarizer, clock })).result;
}

/** The invariants harn's code guarantees for one run (see the inline reasons). */
function checkInvariants(source: Message[], config: Record<string, unknown>, result: RunResult): void {
  const isManual = config.trigger === 'manual';
  const isOff = config.policyStrategy === 'none';
  const byId = new Map(source.map((message) => [message.id, message]));
  expect(result.success).toBe(true);

  // Policy none: no auto-compaction config at all, so nothing happens, microcompaction included.
  if (isOff) {
    expect(result.messages).toEqual(source);
    expect(result.passes).toHaveLength(0);
    return;
  }
  const pass = result.passes[0];
  if (pass) expect(Object.keys(pass.fates).sort()).toEqual(source.map((message) => message.id).sort());
  const kept = result.messages.filter((message) => byId.has(message.id));
  const maxBytes = config.toolOutputMaxChars as number;
  for (const message of kept) {
    const original = byId.get(message.id) as Message;
    const isOversized = toolOutputs(original).some((output) => utf8ByteLength(output) > maxBytes);
    if (isManual || !isOversized) {
      // Manual compaction never microcompacts; nothing else rewrites a kept message.
      expect(message).toEqual(original);
      expect(pass?.fates[message.id]?.kind ?? 'kept').toBe('kept');
    } else if (maxBytes >= 200) {
      // Automatic triggers with compaction on microcompact every oversized output before anything else.
      expect(pass?.fates[message.id]?.kind).toBe('microcompacted');
    }
  }

  const summaryIndex = result.messages.findIndex((message) => message.origin === 'summary');
  if (summaryIndex < 0) {
    expect(result.messages.map((message) => message.id)).toEqual(source.map((message) => message.id));
    return;
  }
  // The summary is one user message at keep_first, which transcript_compact leaves at 0.
  const keepFirst = isManual ? 0 : (config.keepFirst as number);
  expect(summaryIndex).toBe(keepFirst);
  expect(result.messages[summaryIndex].role).toBe('user');
  expect(result.messages.filter((message) => message.origin === 'summary')).toHaveLength(1);
  expect(result.messages.slice(0, summaryIndex).map((message) => message.id)).toEqual(source.slice(0, keepFirst).map((message) => message.id));

  // What follows the summary is a contiguous tail of the input.
  const tail = result.messages.slice(summaryIndex + 1).map((message) => message.id);
  expect(tail).toEqual(source.slice(source.length - tail.length).map((message) => message.id));
  const keepLast = (config.keepLast as number | undefined) ?? (config.policyStrategy ? 10 : 12);
  const effectiveKeepLast = config.policyStrategy === 'summarize_all' ? 0 : keepLast;
  if (!source.some(isVolatile)) {
    // With no tool or reasoning turn the split only ever snaps earlier: the last keep_last messages stay verbatim.
    expect(tail.length).toBeGreaterThanOrEqual(effectiveKeepLast);
    expect(result.messages.slice(result.messages.length - effectiveKeepLast)).toEqual(source.slice(source.length - effectiveKeepLast));
  }
  // A tail that starts at a user message never holds a result whose call was archived (only the naive fallback can).
  if (tail.length > 0 && byId.get(tail[0])?.role === 'user') {
    const tailCalls = new Set(result.messages.slice(summaryIndex + 1).flatMap((message) => message.blocks.flatMap((block) => (block.kind === 'tool_call' ? [block.callId] : []))));
    for (const message of result.messages.slice(summaryIndex + 1)) {
      for (const block of message.blocks) if (block.kind === 'tool_result') expect(tailCalls.has(block.callId)).toBe(true);
    }
  }
}

function withoutTimestamps(messages: readonly Message[]): Message[] {
  return messages.map(({ createdAt: _createdAt, ...rest }) => rest);
}

describe('two-tier profile: randomized invariants of harn\'s behaviour', () => {
  it('holds on generated transcripts with tool calls, with and without timestamps', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), configArbitrary, fc.boolean(), async (steps, config, hasTimestamps) => {
        const source = buildTranscript(steps, hasTimestamps);
        const snapshot = JSON.stringify(source);
        const result = await run(source, config);
        expect(JSON.stringify(source)).toBe(snapshot);
        checkInvariants(source, config, result);
        for (const fate of Object.values(result.passes[0]?.fates ?? {})) seen.add(`${config.trigger === 'manual' ? 'manual' : 'automatic'} ${fate.kind}`);
        if (hasTimestamps) {
          // harn reads no timestamps: the same transcript without them compacts to the same messages.
          const bare = await run(withoutTimestamps(source), config);
          expect(withoutTimestamps(bare.messages)).toEqual(withoutTimestamps(result.messages));
        }
      }),
      { seed: 20_260_430, numRuns: 300 },
    );
    // The generator must reach every branch the invariants speak about, or they would hold vacuously.
    for (const label of ['automatic microcompacted', 'automatic summarized', 'manual summarized', 'manual masked', 'manual kept']) expect(seen).toContain(label);
  });
});
