import type { RunResult } from '../run/events';
import type { Summarizer } from '../run/ports';
import type { Transcript } from '../transcript/model';
import { expectedOfFacts, factQuestions, gradeFactAnswer } from './fact-probes';
import { clampPerKind, noAnswerReason, perKindLimits, probeKinds, type Probe, type ProbeGrade, type ProbeOptions, type ProbeOutcome, type ProbeReport, type ProbeStep } from './probe-model';
import { isNoAnswer, parseAnswers, parseGrades, parseWrittenQuestions } from './probe-parse';
import { answerPrompt, gradePrompt, writePrompt, type ProbePrompt } from './probe-prompts';
import { probeableSpan, renderContext, renderSpan } from './probe-span';

/** What a probe run needs: the run and pass to probe, how, and the model to ask (through the summarizer port). */
export interface ProbeRunInput {
  source: Transcript;
  result: RunResult;
  /** The pass whose output is probed (1-based); its questions come from everything compacted up to it. */
  pass: number;
  options: ProbeOptions;
  /** Writes, answers and grades: a live model in the app; a scripted one in tests. */
  model: Summarizer;
  signal: AbortSignal;
  /** Called as each call starts. */
  onStep?: (step: ProbeStep) => void;
  /**
   * An earlier report's model-written questions (with their reference answers) to ask again instead of writing new
   * ones: the same questions make runs of different configs comparable.
   */
  askAgain?: readonly Probe[];
}

/** Points per model grade. */
const gradeScores: Record<ProbeGrade, number> = { correct: 1, partial: 0.5, wrong: 0, unanswered: 0 };

/** Questions asked again, renumbered in order and limited to the accepted count. */
export function questionsToAskAgain(probes: readonly Probe[]): Probe[] {
  return probes.slice(0, probeKinds.length * perKindLimits.max).map((probe, index) => ({ id: `P${index + 1}`, kind: probe.kind, question: probe.question, expected: probe.expected }));
}

/** Mean score per kind and overall. */
function scoresOf(outcomes: readonly ProbeOutcome[]): Pick<ProbeReport, 'byKind' | 'overall'> {
  const byKind: ProbeReport['byKind'] = {};
  for (const kind of probeKinds) {
    const ofKind = outcomes.filter((outcome) => outcome.kind === kind);
    if (ofKind.length > 0) byKind[kind] = { count: ofKind.length, score: ofKind.reduce((sum, outcome) => sum + outcome.score, 0) / ofKind.length };
  }
  const overall = outcomes.length === 0 ? 0 : outcomes.reduce((sum, outcome) => sum + outcome.score, 0) / outcomes.length;
  return { byKind, overall };
}

/**
 * Probes one pass (Factory's method): questions of four kinds about what the pass compacted — written by the model
 * from the compacted messages, or built from their facts — answered by the model from the compacted context alone,
 * then graded against the original (by the model, or by checking the facts). Rejects with a clear message when a
 * reply cannot be read or the signal aborts; nothing is retried (the user sees the cost of every call).
 */
export async function runProbes(input: ProbeRunInput): Promise<ProbeReport> {
  const { source, result, pass, model, signal } = input;
  const askAgain = input.askAgain && input.askAgain.length > 0 ? questionsToAskAgain(input.askAgain) : undefined;
  // Questions asked again were written by a model, so a model grades them.
  const options: ProbeOptions = { questions: askAgain ? 'model' : input.options.questions, perKind: clampPerKind(input.options.perKind) };
  const span = probeableSpan(source, result, pass, askAgain !== undefined);
  let calls = 0;
  const ask = async (step: ProbeStep, prompt: ProbePrompt): Promise<string> => {
    signal.throwIfAborted();
    input.onStep?.(step);
    calls += 1;
    const reply = await model.summarize({ role: 'main', system: prompt.system, prompt: prompt.prompt, maxOutputTokens: prompt.maxOutputTokens, signal });
    signal.throwIfAborted();
    return reply.text;
  };
  // Only the question writer reads the rendered span; asked-again questions were written from another run's.
  const rendered = options.questions === 'model' && !askAgain ? renderSpan(span.compacted) : undefined;
  const spanMessages = { used: rendered?.used ?? (askAgain ? 0 : span.compacted.length), compacted: span.compacted.length };
  const context = renderContext(span.context);
  if (options.questions === 'facts') {
    const questions = factQuestions(span.compacted, options.perKind);
    if (questions.length === 0) throw new Error(`The messages pass ${pass} compacted hold no checkable facts to ask about; let the model write the questions instead.`);
    const probes = questions.map((question, index) => ({ id: `P${index + 1}`, kind: question.kind, question: question.question, expected: expectedOfFacts(question.facts) }));
    const answers = parseAnswers(await ask('answer', answerPrompt(context, probes)));
    const outcomes = probes.map((probe, index) => {
      const answer = answers.get(probe.id) ?? '';
      return { ...probe, answer, ...gradeFactAnswer(questions[index].facts, answer) };
    });
    return { pass, options, isReused: false, outcomes, ...scoresOf(outcomes), spanMessages, calls };
  }
  const probes: Probe[] =
    askAgain ?? parseWrittenQuestions(await ask('write', writePrompt(rendered?.text ?? '', options.perKind)), options.perKind).map((question, index) => ({ id: `P${index + 1}`, ...question }));
  const answers = parseAnswers(await ask('answer', answerPrompt(context, probes)));
  const answered = probes.map((probe) => ({ ...probe, answer: answers.get(probe.id) ?? '' }));
  const verdicts = parseGrades(await ask('grade', gradePrompt(answered.map((probe) => ({ ...probe, answer: probe.answer || 'unknown' })))));
  const outcomes: ProbeOutcome[] = answered.map((probe) => {
    // An answer that says it does not know is unanswered whatever a lenient grader says.
    if (isNoAnswer(probe.answer)) return { ...probe, grade: 'unanswered', score: 0, reason: noAnswerReason };
    const verdict = verdicts.get(probe.id);
    if (!verdict) return { ...probe, grade: 'wrong', score: 0, reason: 'The grader skipped this question; counted as wrong.' };
    return { ...probe, grade: verdict.grade, score: gradeScores[verdict.grade], reason: verdict.reason };
  });
  return { pass, options, isReused: askAgain !== undefined, outcomes, ...scoresOf(outcomes), spanMessages, calls };
}
