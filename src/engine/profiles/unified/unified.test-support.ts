import type { CompactionEvent, RunResult } from '../../run/events';
import { FakeClock } from '../../run/fake-clock.test-support';
import type { SummarizeRequest, Summarizer } from '../../run/ports';
import { scriptedSummarizer, type ScriptStep } from '../../run/scripted-summarizer.test-support';
import { charsPerTokenCounter } from '../../tokens/token-counter';
import type { Message } from '../../transcript/model';
import { callMessage, message, resultMessage, textMessage } from '../auto-compactor/auto-compactor.test-support';
import { unifiedConfigSchema, type UnifiedConfig } from './unified-config';
import { unifiedProfile } from './index';

/** Model ids of the two rungs. */
const smolModel = 'test/smol';
const mainModel = 'test/main';

/** The pin the tests carry through every stage. */
export const pinLine = 'operative: always run the tests before committing';

/** A multi-line tool output of about `chars` characters (masked and microcompacted when long). */
function toolOutput(label: string, chars: number): string {
  const lines: string[] = [];
  let length = 0;
  for (let index = 0; length < chars; index++) {
    const line = `${label} line ${index} ${'o'.repeat(60)}`;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n');
}

/**
 * `turns` turns of: user request (400 chars), assistant tool call, tool result (`outputChars`), assistant reply
 * (200 chars). Ids are `t{n}-user`, `t{n}-call`, `t{n}-result`, `t{n}-reply`; call ids `c{n}`.
 */
export function conversation(turns: number, outputChars = 2000, options: { pinInTurn?: number; pinIn?: 'user' | 'result' } = {}): Message[] {
  const messages: Message[] = [];
  for (let turn = 1; turn <= turns; turn++) {
    const pin = options.pinInTurn === turn ? `\n${pinLine}` : '';
    const userPin = options.pinIn === 'result' ? '' : pin;
    const resultPin = options.pinIn === 'result' ? pin : '';
    messages.push(message('user', [{ kind: 'text', text: `request ${turn} ${'u'.repeat(380)}${userPin}` }], { id: `t${turn}-user` }));
    messages.push(callMessage(`c${turn}`, 'bash', { command: `step ${turn}` }, `t${turn}-call`));
    messages.push(resultMessage(`c${turn}`, toolOutput(`out${turn}`, outputChars) + resultPin, `t${turn}-result`));
    messages.push(textMessage('assistant', 200, { id: `t${turn}-reply`, label: `reply ${turn} ` }));
  }
  return messages;
}

/** Every stage off: a test turns on the ones it is about. */
export const allStagesOff: Partial<UnifiedConfig> = {
  toolOutputMaxChars: null,
  observationMask: { enabled: false, keepLast: 12 },
  summary: false,
  hardLimitStrategy: 'none',
  localTrim: false,
};

/** The test config: window 4000, reserve 1000 (gate > 3000 tokens), keep 1000, pins carried. */
export function testConfig(overrides: Partial<UnifiedConfig> = {}): UnifiedConfig {
  return unifiedConfigSchema.parse({
    window: 4000,
    reserveTokens: 1000,
    keepRecentTokens: 1000,
    hardLimitTokens: 100_000,
    operativeSkills: [{ name: 'house-rules', operative: [pinLine], isRead: true }],
    ...overrides,
  });
}

/** A finished test run. */
export interface UnifiedTestRun {
  result: RunResult;
  events: CompactionEvent[];
  clock: FakeClock;
  main: Summarizer & { requests: SummarizeRequest[] };
  smol: Summarizer & { requests: SummarizeRequest[] };
}

/** Options of one test run. */
export interface UnifiedRunOptions {
  config?: Partial<UnifiedConfig>;
  main?: ScriptStep[];
  smol?: ScriptStep[];
  signal?: AbortSignal;
  /** False: smol and main report the same model id, so smol is skipped. */
  hasDistinctSmol?: boolean;
  onEvent?: (event: CompactionEvent) => void;
}

/** Runs the profile with scripted smol and main summarizers (distinct models) on a fake clock. */
export async function runUnifiedWith(messages: readonly Message[], options: UnifiedRunOptions = {}): Promise<UnifiedTestRun> {
  const clock = new FakeClock();
  const main = scriptedSummarizer(options.main ?? [{ text: 'main summary' }], clock, mainModel);
  const smol = scriptedSummarizer(options.smol ?? [{ text: 'smol summary' }], clock, options.hasDistinctSmol === false ? mainModel : smolModel);
  const events: CompactionEvent[] = [];
  const result = await unifiedProfile.run({
    messages,
    config: testConfig(options.config),
    ports: { counter: charsPerTokenCounter(), clock, summarizers: { main, smol }, signal: options.signal },
    onEvent: (event) => {
      events.push(event);
      options.onEvent?.(event);
    },
  });
  return { result, events, clock, main, smol };
}
