import type { RunResult } from '../run/events';
import type { TokenCounter } from '../tokens/token-counter';
import type { Transcript } from '../transcript/model';
import { expectedOfFacts, factQuestions } from './fact-probes';
import { probeKinds, type ProbeCallPlan, type ProbeKind, type ProbeOptions, type ProbePlan } from './probe-model';
import { answerPrompt, gradePrompt, writePrompt, type ProbePrompt } from './probe-prompts';
import { renderContext, renderSpan } from './probe-span';
import { clampPerKind, probeableSpan } from './run-probes';

/** Sizes of text not written yet, for the estimate: a question, a reference answer and an answer, in characters. */
const typicalChars = { question: 100, expected: 200, answer: 200 } as const;

/** Stand-in text of about `chars` characters that tokenizes at about a token per three characters: a cautious estimate. */
function filler(chars: number): string {
  return 'ab '.repeat(Math.ceil(chars / 3));
}

function callPlan(step: ProbeCallPlan['step'], prompt: ProbePrompt, counter: TokenCounter, isExact: boolean): ProbeCallPlan {
  return { step, inputTokens: counter.count(prompt.system) + counter.count(prompt.prompt), isExact, maxOutputTokens: prompt.maxOutputTokens };
}

/**
 * The calls a probe run of `pass` will make, with their input tokens (exact where the prompt is already known,
 * estimated from typical sizes where questions or answers are not written yet) and output caps, so the page can show
 * the count and cost before anything is sent. Throws like `runProbes` when the pass cannot be probed.
 */
export function planProbes(source: Transcript, result: RunResult, pass: number, requested: ProbeOptions, counter: TokenCounter): ProbePlan {
  const options = { ...requested, perKind: clampPerKind(requested.perKind) };
  const span = probeableSpan(source, result, pass);
  const context = renderContext(span.context);
  if (options.questions === 'facts') {
    const questions = factQuestions(span.compacted, options.perKind);
    const probes = questions.map((question, index) => ({ id: `P${index + 1}`, question: question.question, expected: expectedOfFacts(question.facts) }));
    const calls = probes.length === 0 ? [] : [callPlan('answer', answerPrompt(context, probes), counter, true)];
    return { pass, calls, spanMessages: { used: span.compacted.length, compacted: span.compacted.length }, questionCount: probes.length };
  }
  const rendered = renderSpan(span.compacted);
  const kinds: ProbeKind[] = probeKinds.flatMap((kind) => Array.from({ length: options.perKind }, () => kind));
  const placeholders = kinds.map((kind, index) => ({
    id: `P${index + 1}`,
    kind,
    question: filler(typicalChars.question),
    expected: filler(typicalChars.expected),
    answer: filler(typicalChars.answer),
  }));
  const calls = [
    callPlan('write', writePrompt(rendered.text, options.perKind), counter, true),
    callPlan('answer', answerPrompt(context, placeholders), counter, false),
    callPlan('grade', gradePrompt(placeholders), counter, false),
  ];
  return { pass, calls, spanMessages: { used: rendered.used, compacted: span.compacted.length }, questionCount: kinds.length };
}
