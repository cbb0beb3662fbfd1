import type { CompactionEvent, RunResult } from '../../run/events';
import { FakeClock } from '../../run/fake-clock.test-support';
import { runProfile } from '../../run/run-profile';
import type { SummarizeRequest, Summarizer } from '../../run/ports';
import { scriptedSummarizer, type ScriptStep } from '../../run/scripted-summarizer.test-support';
import { charsPerTokenCounter } from '../../tokens/token-counter';
import type { Block, Message, Usage } from '../../transcript/model';
import { autoCompactorConfigSchema, type AutoCompactorConfig } from './auto-compactor-config';
import { autoCompactorProfile, type AutoCompactorRunInput } from './index';
import type { MemoryExtractionHook } from './memory-hook';

/** The seed test's model ids. */
export const smolModel = 'test-provider/smol-model';
export const mainModel = 'test-provider/test-model';

let counter = 0;

/** A message with the given blocks (ids m1, m2, … unless given). */
export function message(role: Message['role'], blocks: Block[], options: { id?: string; usage?: Usage; origin?: Message['origin'] } = {}): Message {
  counter += 1;
  const origin = options.origin ?? (role === 'assistant' ? 'model' : role === 'tool' ? 'tool' : 'human');
  return { id: options.id ?? `m${counter}`, role, origin, blocks, usage: options.usage, sourceRef: {}, raw: null };
}

/** A text message of exactly `chars` characters (chars/4 tokens with the seed estimate). */
export function textMessage(role: Message['role'], chars: number, options: { id?: string; usage?: Usage; label?: string } = {}): Message {
  const label = options.label ?? `${role} `;
  return message(role, [{ kind: 'text', text: (label + 'x'.repeat(chars)).slice(0, chars) }], options);
}

/** A tool call message. */
export function callMessage(callId: string, name: string, args: Record<string, unknown>, id?: string): Message {
  return message('assistant', [{ kind: 'tool_call', callId, name, args, argsRaw: JSON.stringify(args) }], { id });
}

/** A tool result message. */
export function resultMessage(callId: string, content: string, id?: string): Message {
  return message('tool', [{ kind: 'tool_result', callId, content, isError: false }], { id });
}

/** The seed test fixture's config: window 1000, reserve 100, keep 150 (trigger > 900). */
export function testConfig(overrides: Partial<AutoCompactorConfig> = {}): AutoCompactorConfig {
  return autoCompactorConfigSchema.parse({ window: 1000, reserveTokens: 100, keepRecentTokens: 150, ...overrides });
}

/** What `runWith` returns: the result, every event, the clock and the scripted summarizers. */
export interface TestRun {
  result: RunResult;
  events: CompactionEvent[];
  clock: FakeClock;
  main: Summarizer & { requests: SummarizeRequest[] };
  smol: Summarizer & { requests: SummarizeRequest[] };
}

/** Options of one test run. */
export interface RunOptions {
  config?: Partial<AutoCompactorConfig>;
  main?: ScriptStep[];
  smol?: ScriptStep[];
  /** When false, smol and main are the same model id. */
  hasDistinctSmol?: boolean;
  system?: Message;
  signal?: AbortSignal;
  clock?: FakeClock;
  memoryExtractionHook?: MemoryExtractionHook;
  /** Sees every event as it is emitted (tests abort from here at an exact point). */
  onEvent?: (event: CompactionEvent) => void;
  /** The state an earlier run handed back (`RunResult.carryState`). */
  carryState?: unknown;
  /** Run through `runProfile`, so the exact counts and the `no-op` flag are filled in as the page sees them. */
  isMeasured?: boolean;
}

/** Runs the profile with scripted summarizers on a fake clock. */
export async function runWith(messages: Message[], options: RunOptions = {}): Promise<TestRun> {
  const clock = options.clock ?? new FakeClock();
  const hasDistinctSmol = options.hasDistinctSmol ?? false;
  const main = scriptedSummarizer(options.main ?? [{ text: 'main summary' }], clock, mainModel);
  const smol = scriptedSummarizer(options.smol ?? [{ text: 'smol summary' }], clock, hasDistinctSmol ? smolModel : mainModel);
  const events: CompactionEvent[] = [];
  const input = {
    messages,
    system: options.system,
    config: testConfig(options.config),
    ports: {
      counter: charsPerTokenCounter(),
      clock,
      summarizers: { main, smol },
      signal: options.signal,
    },
    onEvent: (event) => {
      events.push(event);
      options.onEvent?.(event);
    },
    memoryExtractionHook: options.memoryExtractionHook,
    carryState: options.carryState,
  } as AutoCompactorRunInput;
  const result = options.isMeasured ? await runProfile(autoCompactorProfile, input) : await autoCompactorProfile.run(input);
  return { result, events, clock, main, smol };
}

/** The text of a message's text blocks. */
export function textOf(message: Message): string {
  return message.blocks.map((block) => (block.kind === 'text' ? block.text : '')).join('');
}
