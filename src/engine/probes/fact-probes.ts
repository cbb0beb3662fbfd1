import { extractFacts } from '../retention/extract-facts';
import { findFacts } from '../retention/fact-check';
import type { Fact, FactCategory } from '../retention/facts';
import type { Message } from '../transcript/model';
import { noAnswerReason, type ProbeKind } from './probe-model';
import { isNoAnswer } from './probe-parse';

/** A question built from facts: the facts are its reference answer, and grading checks which of them the answer holds. */
export interface FactQuestion {
  kind: ProbeKind;
  question: string;
  facts: Fact[];
}

/** The questions fact probes can ask, per kind, in the order they are used; each names the fact categories it asks for. */
const templates: readonly { kind: ProbeKind; question: string; categories: readonly FactCategory[] }[] = [
  { kind: 'recall', question: 'Which error messages or failing tests came up? Quote them.', categories: ['error'] },
  { kind: 'recall', question: 'Which commands were run?', categories: ['command'] },
  { kind: 'recall', question: 'Which URLs, identifiers and numbers with units mattered?', categories: ['url', 'identifier', 'number'] },
  { kind: 'artifact', question: 'Which files were read, created or changed? Give their paths.', categories: ['path'] },
  { kind: 'continuation', question: 'What did the user ask for, including any constraints (must, never, always)?', categories: ['request'] },
  { kind: 'continuation', question: 'What was still left to do?', categories: ['todo'] },
  { kind: 'decision', question: 'What was decided, and why?', categories: ['decision'] },
];

/** At most this many facts make one question's reference: the latest ones, since they matter most to resuming. */
const factsPerQuestion = 12;

/**
 * Questions built from the facts of the compacted messages: up to `perKind` per kind, skipping questions whose
 * categories have no facts.
 */
export function factQuestions(compacted: readonly Message[], perKind: number): FactQuestion[] {
  const facts = extractFacts(compacted);
  const used = new Map<ProbeKind, number>();
  const questions: FactQuestion[] = [];
  for (const template of templates) {
    if ((used.get(template.kind) ?? 0) >= perKind) continue;
    const matching = facts.filter((fact) => template.categories.includes(fact.category)).slice(-factsPerQuestion);
    if (matching.length === 0) continue;
    used.set(template.kind, (used.get(template.kind) ?? 0) + 1);
    questions.push({ kind: template.kind, question: template.question, facts: matching });
  }
  return questions;
}

/** A fact question's reference answer as the report shows it. */
export function expectedOfFacts(facts: readonly Fact[]): string {
  return facts.map((fact) => fact.text).join('; ');
}

/**
 * Grades an answer to a fact question by the share of its facts the answer holds (checked as retention checks a
 * context): correct from three quarters up, partial above none.
 */
export function gradeFactAnswer(facts: readonly Fact[], answer: string | undefined): { grade: 'correct' | 'partial' | 'wrong' | 'unanswered'; score: number; reason: string } {
  if (isNoAnswer(answer)) return { grade: 'unanswered', score: 0, reason: noAnswerReason };
  const found = findFacts(facts, answer ?? '').filter(Boolean).length;
  const score = facts.length === 0 ? 0 : found / facts.length;
  const reason = `Holds ${found} of ${facts.length} expected fact${facts.length === 1 ? '' : 's'}.`;
  if (score >= 0.75) return { grade: 'correct', score, reason };
  return { grade: score > 0 ? 'partial' : 'wrong', score, reason };
}
