import type { RunResult } from '../run/events';
import type { TokenCounter } from '../tokens/token-counter';
import type { Transcript } from '../transcript/model';
import { expectedOfFacts, factQuestions } from './fact-probes';
import { clampPerKind, probeKinds, type Probe, type ProbeCallPlan, type ProbeKind, type ProbeOptions, type ProbePlan } from './probe-model';
import { answerCapOf, answerPrompt, gradePrompt, outputTokensPerQuestion, writePrompt, type ProbePrompt } from './probe-prompts';
import { probeableSpan, renderContext, renderSpan } from './probe-span';
import { questionsToAskAgain } from './run-probes';

/**
 * Stand-in text for words not written yet that counts as at least `tokens` tokens, both in the BPE encodings (a token
 * per ` ab`) and by a chars/4 estimate: the plan's input sizes are upper bounds, never guesses on the low side.
 */
function filler(tokens: number): string {
  return 'ab '.repeat(Math.ceil((tokens * 4) / 3));
}

/**
 * The most a written question and its reference can take: the writer's whole per-question cap each (together they
 * share it, so counting it twice is safe).
 */
const writtenTokens = outputTokensPerQuestion.write;

function callPlan(step: ProbeCallPlan['step'], prompt: ProbePrompt, counter: TokenCounter, isExact: boolean): ProbeCallPlan {
  return { step, inputTokens: counter.count(prompt.system) + counter.count(prompt.prompt), isExact, maxOutputTokens: prompt.maxOutputTokens };
}

/**
 * The calls a probe run of `pass` will make, with their input tokens (exact where the prompt is already known, else
 * an upper bound from the output caps of the calls that will write the missing words) and output caps, so the page can show
 * the count and cost before anything is sent; with `askAgain`, the answer and grade calls of those questions. Throws
 * like `runProbes` when the pass cannot be probed.
 */
export function planProbes(source: Transcript, result: RunResult, pass: number, requested: ProbeOptions, counter: TokenCounter, askAgain?: readonly Probe[]): ProbePlan {
  const options = { ...requested, perKind: clampPerKind(requested.perKind) };
  const span = probeableSpan(source, result, pass, askAgain !== undefined && askAgain.length > 0);
  const context = renderContext(span.context);
  if (askAgain && askAgain.length > 0) {
    const probes = questionsToAskAgain(askAgain);
    const graded = probes.map((probe) => ({ ...probe, answer: filler(answerCapOf(probe)) }));
    const calls = [callPlan('answer', answerPrompt(context, probes), counter, true), callPlan('grade', gradePrompt(graded), counter, false)];
    return { pass, calls, spanMessages: { used: 0, compacted: span.compacted.length }, questionCount: probes.length };
  }
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
    question: filler(writtenTokens),
    expected: filler(writtenTokens),
    answer: filler(outputTokensPerQuestion.answer),
  }));
  const calls = [
    callPlan('write', writePrompt(rendered.text, options.perKind), counter, true),
    callPlan('answer', answerPrompt(context, placeholders), counter, false),
    callPlan('grade', gradePrompt(placeholders), counter, false),
  ];
  return { pass, calls, spanMessages: { used: rendered.used, compacted: span.compacted.length }, questionCount: kinds.length };
}
