/** The four kinds of probe question (Factory's evaluation of context compression): what each asks the agent. */
export type ProbeKind = 'recall' | 'artifact' | 'continuation' | 'decision';

/** Every probe kind, in report order. */
export const probeKinds: readonly ProbeKind[] = ['recall', 'artifact', 'continuation', 'decision'];

/** What a kind of question tests, in the words the reports and prompts use. */
export const probeKindDescriptions: Record<ProbeKind, string> = {
  recall: 'a specific fact stated in it (an error message, a value, a name)',
  artifact: 'which files were read, created or changed, and how',
  continuation: 'what the agent should do next, or what was still unfinished',
  decision: 'why something was decided or done a certain way',
};

/**
 * Where the questions come from: written by the model from the compacted messages (one more call, graded by the
 * model too), or built from the facts retention extracts (no call to write them, graded by checking the facts).
 */
export type ProbeQuestionSource = 'model' | 'facts';

/** How a probe run is asked for. */
export interface ProbeOptions {
  questions: ProbeQuestionSource;
  /** Questions per kind (1–5); fact questions may be fewer when a kind has no facts. */
  perKind: number;
}

/** The fewest and most questions per kind the probe run accepts: more would make one answer call unwieldy. */
export const perKindLimits = { min: 1, max: 5 } as const;

/** Clamps the questions per kind to the accepted range. */
export function clampPerKind(value: number): number {
  if (!Number.isFinite(value)) return perKindLimits.min;
  return Math.max(perKindLimits.min, Math.min(perKindLimits.max, Math.round(value)));
}

/** Why an answer that says it does not know is graded unanswered. */
export const noAnswerReason = 'The answer says the context does not tell.';

/** One question, with the answer the original conversation gives. */
export interface Probe {
  /** `P1`, `P2`, …: how the answer and grade replies refer to it. */
  id: string;
  kind: ProbeKind;
  question: string;
  /** The reference answer, from the original (uncompacted) messages. */
  expected: string;
}

/** How an answer compares with the reference. */
export type ProbeGrade = 'correct' | 'partial' | 'wrong' | 'unanswered';

/** A probe with the answer given from the compacted context and its grade. */
export interface ProbeOutcome extends Probe {
  answer: string;
  grade: ProbeGrade;
  /** 0–1: correct 1, partial 0.5 (fact questions: the share of expected facts the answer holds), wrong or unanswered 0. */
  score: number;
  /** Why the grade, in a line. */
  reason: string;
}

/** A kind's questions and their mean score (0–1). */
interface ProbeKindScore {
  count: number;
  score: number;
}

/** The result of probing one pass's compacted context. */
export interface ProbeReport {
  pass: number;
  options: ProbeOptions;
  /** True when the questions were an earlier report's, asked again (nothing was written for this run). */
  isReused: boolean;
  outcomes: ProbeOutcome[];
  /** Kinds that had questions. */
  byKind: Partial<Record<ProbeKind, ProbeKindScore>>;
  /** Mean score over every question, 0–1. */
  overall: number;
  /** Source messages the questions were written from, and how many were compacted in all. */
  spanMessages: { used: number; compacted: number };
  /** Provider calls made. */
  calls: number;
}

/** The calls of a probe run, in order. */
export type ProbeStep = 'write' | 'answer' | 'grade';

/** One call a probe run will make: its prompt's size (exact when the prompt is known, else an upper bound) and output cap. */
export interface ProbeCallPlan {
  step: ProbeStep;
  inputTokens: number;
  /** True when `inputTokens` counts the exact prompt; false when it bounds a prompt whose questions or answers are not written yet. */
  isExact: boolean;
  maxOutputTokens: number;
}

/** What a probe run will cost before it runs. */
export interface ProbePlan {
  pass: number;
  calls: ProbeCallPlan[];
  spanMessages: { used: number; compacted: number };
  /** Questions the run will ask (fact questions are known in advance; model questions: kinds × per kind). */
  questionCount: number;
}
