import { profileModule, type ProfileId, type ProfileParameters } from '../profiles/registry';
import type { CallbackRunner } from '../run/callback-runner';
import type { Clock, Summarizer } from '../run/ports';
import { charsPerTokenCounter } from '../tokens/token-counter';
import type { CompactionMarker, Message, Transcript, Usage } from '../transcript/model';
import { replaySession } from './replay-session';
import type { ReplayReport } from './replay-model';
import { FakeClock } from '../run/fake-clock.test-support';
import { scriptedSummarizer, type ScriptStep } from '../run/scripted-summarizer.test-support';

let serial = 0;

/** A message of exactly `chars` characters of text (chars/4 tokens with the test counter and the seeds' estimates). */
export function textOf(role: Message['role'], chars: number, options: { usage?: Usage; origin?: Message['origin']; createdAt?: string } = {}): Message {
  serial += 1;
  const origin = options.origin ?? (role === 'assistant' ? 'model' : role === 'tool' ? 'tool' : 'human');
  const text = `${role} ${serial} `.padEnd(chars, 'x').slice(0, chars);
  return { id: `s${serial}`, role, origin, blocks: [{ kind: 'text', text }], ...(options.usage ? { usage: options.usage } : {}), ...(options.createdAt ? { createdAt: options.createdAt } : {}), sourceRef: {}, raw: null };
}

/** A tool call and its result, the result `chars` characters long. */
export function toolPair(chars: number): Message[] {
  serial += 1;
  const callId = `call-${serial}`;
  return [
    { id: `c${serial}`, role: 'assistant', origin: 'model', blocks: [{ kind: 'tool_call', callId, name: 'read', args: {}, argsRaw: '{}' }], sourceRef: {}, raw: null },
    { id: `r${serial}`, role: 'tool', origin: 'tool', blocks: [{ kind: 'tool_result', callId, content: 'y'.repeat(chars), isError: false }], sourceRef: {}, raw: null },
  ];
}

/** `turns` turns, each a human message of `humanChars` and an answer of `answerChars`. */
export function plainTurns(turns: number, humanChars: number, answerChars: number): Message[] {
  return Array.from({ length: turns }, () => [textOf('user', humanChars), textOf('assistant', answerChars)]).flat();
}

/** A transcript of these messages, with markers when given. */
export function sessionOf(messages: Message[], markers: CompactionMarker[] = [], system?: Message): Transcript {
  return { id: 'session', source: { format: 'claude-code' }, messages, markers, meta: {}, ...(system ? { system } : {}) };
}

/** Replays a session with the chars/4 test counter, a fake clock and a scripted summarizer (one model, main = smol), and the callback runner given (consented to). */
export async function replayWith<Id extends ProfileId>(
  profile: Id,
  transcript: Transcript,
  parameters: Partial<ProfileParameters[Id]>,
  options: { script?: ScriptStep[]; summarizer?: (clock: Clock) => Summarizer; smolScript?: ScriptStep[]; callbacks?: CallbackRunner } = {},
): Promise<ReplayReport> {
  const module = profileModule(profile);
  const config = module.schema.parse(parameters) as ProfileParameters[Id];
  const clock = new FakeClock();
  const summarizer = options.summarizer?.(clock) ?? scriptedSummarizer(options.script ?? [{ text: 'the summary' }], clock);
  // A smol script makes smol a model of its own, so the ladder has two rungs.
  const smol = options.smolScript ? scriptedSummarizer(options.smolScript, clock, 'smol') : summarizer;
  const counter = charsPerTokenCounter();
  // A callback runner given is one the user consented to.
  const consent = options.callbacks ? { callbacks: options.callbacks, hasUserConsent: true } : {};
  return replaySession({ transcript, profile: module, config, ports: { counter, clock, summarizers: { main: summarizer, smol }, ...consent }, measure: { counter } });
}
