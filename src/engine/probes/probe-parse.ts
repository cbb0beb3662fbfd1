import * as z from 'zod';
import { probeKinds, type ProbeGrade, type ProbeKind } from './probe-model';

/** A reply a probe step could not read: says which step and shows the start of what came back. */
export class ProbeReplyError extends Error {
  constructor(step: string, problem: string, reply: string) {
    const preview = reply.trim().slice(0, 160).replace(/\s+/g, ' ');
    super(`The ${step} reply ${problem}${preview ? `: "${preview}${reply.trim().length > 160 ? '…' : ''}"` : ' (it was empty)'}.`);
    this.name = 'ProbeReplyError';
  }
}

/**
 * The JSON value in a model's reply. Models wrap JSON in code fences or a sentence despite being told not to, so the
 * reply is read from its first `open` bracket to its last `close` bracket.
 */
function jsonIn(reply: string, open: '[' | '{', step: string): unknown {
  const close = open === '[' ? ']' : '}';
  const start = reply.indexOf(open);
  const end = reply.lastIndexOf(close);
  if (start < 0 || end < start) throw new ProbeReplyError(step, `holds no JSON ${open === '[' ? 'array' : 'object'}`, reply);
  try {
    return JSON.parse(reply.slice(start, end + 1));
  } catch (error) {
    throw new ProbeReplyError(step, `is not valid JSON (${error instanceof Error ? error.message : String(error)})`, reply);
  }
}

const writtenSchema = z.array(
  z.object({
    kind: z.string().transform((kind) => kind.trim().toLowerCase()),
    question: z.string().trim().min(1),
    answer: z.union([z.string(), z.number(), z.boolean()]).transform(String),
  }),
);

/** A question the writer returned, before it gets an id. */
export interface WrittenQuestion {
  kind: ProbeKind;
  question: string;
  expected: string;
}

/**
 * The writer's questions: entries of unknown kinds are dropped, and each kind is capped at `perKind` (models
 * overshoot). Throws `ProbeReplyError` when the reply is not such an array or holds no usable question.
 */
export function parseWrittenQuestions(reply: string, perKind: number): WrittenQuestion[] {
  const parsed = writtenSchema.safeParse(jsonIn(reply, '[', 'question writer'));
  if (!parsed.success) throw new ProbeReplyError('question writer', 'is not a list of {kind, question, answer}', reply);
  const counts = new Map<ProbeKind, number>();
  const questions: WrittenQuestion[] = [];
  for (const entry of parsed.data) {
    const kind = probeKinds.find((candidate) => candidate === entry.kind);
    if (!kind || (counts.get(kind) ?? 0) >= perKind) continue;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    questions.push({ kind, question: entry.question, expected: entry.answer.trim() });
  }
  if (questions.length === 0) throw new ProbeReplyError('question writer', `has no question of a known kind (${probeKinds.join(', ')})`, reply);
  return questions;
}

/** The answerer's answers by question id; a missing id reads as no answer (graded unanswered, not an error). */
export function parseAnswers(reply: string): Map<string, string> {
  const value = jsonIn(reply, '{', 'answer');
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ProbeReplyError('answer', 'is not a JSON object of answers by id', reply);
  const answers = new Map<string, string>();
  for (const [id, answer] of Object.entries(value)) {
    if (answer !== null && answer !== undefined) answers.set(id.trim(), typeof answer === 'string' ? answer.trim() : JSON.stringify(answer));
  }
  return answers;
}

const gradeSchema = z.array(
  z.object({
    id: z.string(),
    grade: z.string().transform((grade) => grade.trim().toLowerCase()),
    reason: z.string().optional().default(''),
  }),
);

const grades: readonly ProbeGrade[] = ['correct', 'partial', 'wrong', 'unanswered'];

/** The grader's verdicts by question id; unknown grades are dropped (the question then reads as not graded). */
export function parseGrades(reply: string): Map<string, { grade: ProbeGrade; reason: string }> {
  const parsed = gradeSchema.safeParse(jsonIn(reply, '[', 'grader'));
  if (!parsed.success) throw new ProbeReplyError('grader', 'is not a list of {id, grade, reason}', reply);
  const verdicts = new Map<string, { grade: ProbeGrade; reason: string }>();
  for (const entry of parsed.data) {
    const grade = grades.find((candidate) => candidate === entry.grade);
    if (grade) verdicts.set(entry.id.trim(), { grade, reason: entry.reason.trim() });
  }
  return verdicts;
}

/** Ways of saying "the context does not tell" that are the whole answer (after trailing punctuation is removed). */
const noAnswerPattern = /^(?:unknown|n\/a|not stated|not mentioned|not specified)(?: (?:from|in|based on) the (?:given |compacted )?context)?$|^the context does not (?:say|mention|state|tell)\b/;

/**
 * True for an answer that says it does not know (the answerer is told to say "unknown"). Only the whole answer
 * counts: "Unknown option --foo in cli.ts" is an answer.
 */
export function isNoAnswer(answer: string | undefined): boolean {
  if (answer === undefined) return true;
  const plain = answer.trim().toLowerCase().replace(/[."'!]+$/g, '');
  return plain === '' || noAnswerPattern.test(plain);
}
