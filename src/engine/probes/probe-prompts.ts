import { probeKindDescriptions, probeKinds, type Probe } from './probe-model';

/** A prompt as the summarizer port takes it. */
export interface ProbePrompt {
  system: string;
  prompt: string;
  maxOutputTokens: number;
}

/** Output caps per question: generous enough for a short answer or reason, small enough to bound the cost shown. */
export const outputTokensPerQuestion = { write: 120, answer: 160, grade: 80 } as const;

/**
 * The answer cap of one question: the usual cap, or room for its reference when that is longer (a fact question's
 * reference can list a dozen error messages, and an answer cut short would read as facts lost).
 */
export function answerCapOf(probe: { expected?: string }): number {
  return Math.max(outputTokensPerQuestion.answer, Math.ceil((probe.expected?.length ?? 0) / 3));
}

/** Markers the replies' parsers and the test mock's scripts recognise each prompt by. */
export const probePromptMarkers = {
  write: 'PROBE QUESTION WRITER',
  answer: 'PROBE ANSWERER',
  grade: 'PROBE GRADER',
} as const;

/** The question writer: questions of every kind, each with its answer from the compacted (original) messages. */
export function writePrompt(spanText: string, perKind: number): ProbePrompt {
  const kinds = probeKinds.map((kind) => `- ${kind}: ${probeKindDescriptions[kind]}`).join('\n');
  return {
    system: `${probePromptMarkers.write}. You write questions that test whether a coding agent whose old messages were compacted can still keep working.`,
    prompt: [
      `Below are the messages of an agent's conversation that compaction removed or rewrote. Write ${perKind} question${perKind === 1 ? '' : 's'} of each kind:`,
      kinds,
      'Each question must be answerable from these messages alone, with a short, specific answer. Give that answer too.',
      'Reply with only a JSON array, no prose: [{"kind": "recall", "question": "…", "answer": "…"}, …]',
      '',
      '<messages>',
      spanText,
      '</messages>',
    ].join('\n'),
    maxOutputTokens: probeKinds.length * perKind * outputTokensPerQuestion.write,
  };
}

/** The questions as the answerer and the grader see them. */
function questionList(probes: readonly Pick<Probe, 'id' | 'question'>[]): string {
  return probes.map((probe) => `${probe.id}. ${probe.question}`).join('\n');
}

/** The answerer: the agent after compaction, with only the compacted context (references size its cap, never shown). */
export function answerPrompt(contextText: string, probes: readonly (Pick<Probe, 'id' | 'question'> & { expected?: string })[]): ProbePrompt {
  return {
    system: `${probePromptMarkers.answer}. You are a coding agent resuming work. Answer only from the context below; when it does not say, answer exactly "unknown". Do not guess.`,
    prompt: [
      '<context>',
      contextText,
      '</context>',
      '',
      'Questions:',
      questionList(probes),
      '',
      'Reply with only a JSON object mapping each question id to its short answer, no prose: {"P1": "…", "P2": "…"}',
    ].join('\n'),
    maxOutputTokens: probes.reduce((sum, probe) => sum + answerCapOf(probe), 0),
  };
}

/** The grader: each answer against the reference answer from the original messages. */
export function gradePrompt(items: readonly (Probe & { answer: string })[]): ProbePrompt {
  const blocks = items.map((item) => [`${item.id} (${item.kind})`, `Question: ${item.question}`, `Reference: ${item.expected}`, `Answer: ${item.answer}`].join('\n'));
  return {
    system: `${probePromptMarkers.grade}. You grade answers against reference answers taken from the original conversation. Judge substance, not wording.`,
    prompt: [
      'Grade each answer: "correct" (same substance as the reference), "partial" (part of it, or vaguer), "wrong" (contradicts or misses it), "unanswered" (says unknown or does not answer).',
      '',
      blocks.join('\n\n'),
      '',
      'Reply with only a JSON array, no prose: [{"id": "P1", "grade": "correct", "reason": "one short line"}, …]',
    ].join('\n'),
    maxOutputTokens: items.length * outputTokensPerQuestion.grade,
  };
}

