import { describe, expect, it } from 'vitest';
import { runCompaction } from '../../lab/run-compaction';
import { importText } from '../formats/import-text';
import { readFixture } from '../formats/fixture-files.test-support';
import type { SummarizeRequest, Summarizer } from '../run/ports';
import { testSummarizer } from '../run/scripted-summarizer.test-support';
import { charsPerTokenCounter } from '../tokens/token-counter';
import { messageText } from '../tokens/message-text';
import type { Transcript } from '../transcript/model';
import { factQuestions } from './fact-probes';
import { planProbes } from './plan-probes';
import { probePromptMarkers } from './probe-prompts';
import { probeSpan } from './probe-span';
import { runProbes } from './run-probes';

const sessionFile = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';
const session: Transcript = importText(readFixture(sessionFile), { fileName: sessionFile }).transcripts[0];
const truncated = await runCompaction(session, { config: { profile: 'two-tier', tokenThreshold: 20_000, compactStrategy: 'truncate' } }, () => {});

type Step = keyof typeof probePromptMarkers;

/** A model that answers each probe step from a script and records what it was asked. */
function scriptedModel(replies: Record<Step, string>): Summarizer & { asked: { step: Step; request: SummarizeRequest }[] } {
  const asked: { step: Step; request: SummarizeRequest }[] = [];
  const model = async (request: SummarizeRequest) => {
    const step = (Object.keys(probePromptMarkers) as Step[]).find((candidate) => request.system.startsWith(probePromptMarkers[candidate]));
    if (!step) throw new Error(`not a probe prompt: ${request.system.slice(0, 40)}`);
    asked.push({ step, request });
    return { text: replies[step] };
  };
  return { ...testSummarizer(model), asked };
}

const written = JSON.stringify([
  { kind: 'recall', question: 'Which error came up first?', answer: 'ENOENT on the config file' },
  { kind: 'artifact', question: 'Which file was edited?', answer: 'src/app.ts' },
  { kind: 'continuation', question: 'What is next?', answer: 'run the tests' },
  { kind: 'decision', question: 'Why was the cache removed?', answer: 'it served stale data' },
]);

describe('runProbes with model-written questions', () => {
  it('writes from the compacted messages, answers from the compacted context only, and scores the grades per kind', async () => {
    const model = scriptedModel({
      write: written,
      answer: '```json\n{"P1": "ENOENT", "P2": "src/app.ts", "P3": "unknown", "P4": "stale data"}\n```',
      // The grader calls P3 correct and skips P4: a non-answer stays unanswered, a skipped one counts as wrong.
      grade: '[{"id":"P1","grade":"partial","reason":"names the error only"},{"id":"P2","grade":"correct","reason":"same file"},{"id":"P3","grade":"correct","reason":"lenient"}]',
    });
    const pass = truncated.passes.length;
    const report = await runProbes({ source: session, result: truncated, pass, options: { questions: 'model', perKind: 1 }, model, signal: new AbortController().signal });
    expect(model.asked.map((call) => call.step)).toEqual(['write', 'answer', 'grade']);
    const span = probeSpan(session, truncated, pass);
    const contextText = span?.context.map(messageText).join('\n') ?? '';
    const onlyCompacted = span?.compacted.map((message) => messageText(message).trim()).findLast((text) => text.length > 80 && !contextText.includes(text.slice(0, 60)));
    expect(onlyCompacted).toBeDefined();
    expect(model.asked[0].request.prompt).toContain((onlyCompacted as string).slice(0, 60));
    expect(model.asked[1].request.prompt).not.toContain((onlyCompacted as string).slice(0, 60));
    expect(model.asked[1].request.prompt).toContain(messageText(truncated.passes[pass - 1].messages.at(-1)!).slice(0, 60));
    expect(model.asked[2].request.prompt).toContain('Reference: ENOENT on the config file');
    expect(report.outcomes.map((outcome) => [outcome.id, outcome.grade, outcome.score])).toEqual([
      ['P1', 'partial', 0.5],
      ['P2', 'correct', 1],
      ['P3', 'unanswered', 0],
      ['P4', 'wrong', 0],
    ]);
    expect(report.byKind).toEqual({ recall: { count: 1, score: 0.5 }, artifact: { count: 1, score: 1 }, continuation: { count: 1, score: 0 }, decision: { count: 1, score: 0 } });
    expect(report.overall).toBeCloseTo(0.375);
    expect(report.calls).toBe(3);
  });

  it('stops with the step named when a reply is unreadable, and refuses a pass that compacted nothing', async () => {
    const model = scriptedModel({ write: 'Sorry, I cannot.', answer: '{}', grade: '[]' });
    await expect(runProbes({ source: session, result: truncated, pass: 1, options: { questions: 'model', perKind: 2 }, model, signal: new AbortController().signal })).rejects.toThrow('The question writer reply holds no JSON array');
    expect(model.asked).toHaveLength(1);
    await expect(runProbes({ source: session, result: truncated, pass: 99, options: { questions: 'model', perKind: 2 }, model, signal: new AbortController().signal })).rejects.toThrow('The run has no pass 99 to probe.');
  });

  it('makes no call once the signal is aborted', async () => {
    const model = scriptedModel({ write: written, answer: '{}', grade: '[]' });
    const controller = new AbortController();
    controller.abort(new Error('cancelled by the user'));
    await expect(runProbes({ source: session, result: truncated, pass: 1, options: { questions: 'model', perKind: 1 }, model, signal: controller.signal })).rejects.toThrow('cancelled by the user');
    expect(model.asked).toHaveLength(0);
  });
});

describe('runProbes asking an earlier report\'s questions again', () => {
  it('skips the writer, renumbers the questions, and may probe a pass that compacted nothing', async () => {
    const first = await runProbes({ source: session, result: truncated, pass: 1, options: { questions: 'model', perKind: 1 }, model: scriptedModel({ write: written, answer: '{}', grade: '[]' }), signal: new AbortController().signal });
    const again = scriptedModel({ write: 'never asked', answer: '{"P1": "ENOENT on the config file", "P2": "src/app.ts"}', grade: '[{"id":"P1","grade":"correct"},{"id":"P2","grade":"correct"}]' });
    const chosen = [first.outcomes[3], first.outcomes[1]];
    const report = await runProbes({ source: session, result: truncated, pass: 1, options: { questions: 'facts', perKind: 1 }, askAgain: chosen, model: again, signal: new AbortController().signal });
    expect(again.asked.map((call) => call.step)).toEqual(['answer', 'grade']);
    expect(again.asked[0].request.prompt).toContain('P1. Why was the cache removed?\nP2. Which file was edited?');
    expect(report).toMatchObject({ isReused: true, options: { questions: 'model' }, calls: 2, spanMessages: { used: 0 } });
    expect(report.outcomes.map((outcome) => [outcome.id, outcome.kind, outcome.expected, outcome.grade])).toEqual([
      ['P1', 'decision', 'it served stale data', 'correct'],
      ['P2', 'artifact', 'src/app.ts', 'correct'],
    ]);
    // A pass that kept every message: nothing to write questions about, but questions asked again still have answers.
    const keptAll = { ...truncated, passes: [{ ...truncated.passes[0], messages: session.messages, fates: Object.fromEntries(session.messages.map((message) => [message.id, { kind: 'kept' as const }])) }] };
    const options = { questions: 'model' as const, perKind: 1 };
    await expect(runProbes({ source: session, result: keptAll, pass: 1, options, model: again, signal: new AbortController().signal })).rejects.toThrow('Pass 1 compacted no message');
    await expect(runProbes({ source: session, result: keptAll, pass: 1, options, askAgain: chosen, model: again, signal: new AbortController().signal })).resolves.toMatchObject({ isReused: true, spanMessages: { compacted: 0 } });
  });

  it('plans the answer call exactly and the grade call as an estimate', () => {
    const counter = charsPerTokenCounter();
    const questions = [{ id: 'P7', kind: 'recall' as const, question: 'Which error?', expected: 'ENOENT' }];
    const plan = planProbes(session, truncated, 1, { questions: 'model', perKind: 3 }, counter, questions);
    expect(plan.calls.map((call) => [call.step, call.isExact])).toEqual([['answer', true], ['grade', false]]);
    expect(plan.questionCount).toBe(1);
  });
});

describe('runProbes with fact questions', () => {
  it('asks one call and grades each answer by the expected facts it holds', async () => {
    const span = probeSpan(session, truncated, 1)!;
    const questions = factQuestions(span.compacted, 1);
    expect(questions.map((question) => question.kind)).toEqual(expect.arrayContaining(['recall', 'artifact', 'continuation']));
    const artifactIndex = questions.findIndex((question) => question.kind === 'artifact');
    const answers: Record<string, string> = {};
    questions.forEach((question, index) => {
      answers[`P${index + 1}`] = index === artifactIndex ? question.facts.map((fact) => fact.text).join(', ') : 'unknown';
    });
    const model = scriptedModel({ write: '', answer: JSON.stringify(answers), grade: '' });
    const report = await runProbes({ source: session, result: truncated, pass: 1, options: { questions: 'facts', perKind: 1 }, model, signal: new AbortController().signal });
    expect(model.asked.map((call) => call.step)).toEqual(['answer']);
    expect(report.outcomes[artifactIndex]).toMatchObject({ kind: 'artifact', grade: 'correct', score: 1 });
    expect(report.outcomes.filter((_, index) => index !== artifactIndex).every((outcome) => outcome.grade === 'unanswered')).toBe(true);
    expect(report.byKind.artifact).toEqual({ count: 1, score: 1 });
    expect(report.overall).toBeCloseTo(1 / questions.length);
  });
});

describe('planProbes', () => {
  it('bounds every call of a run whose writer and answerer use their whole output caps', async () => {
    const counter = charsPerTokenCounter();
    const long = (letter: string, chars: number) => `${letter} `.repeat(chars / 2);
    const questions = ['recall', 'artifact', 'continuation', 'decision'].map((kind) => ({ kind, question: long('q', 240), answer: long('a', 240) }));
    const answers = Object.fromEntries(questions.map((_, index) => [`P${index + 1}`, long('x', 640)]));
    const model = scriptedModel({ write: JSON.stringify(questions), answer: JSON.stringify(answers), grade: '[]' });
    const plan = planProbes(session, truncated, 1, { questions: 'model', perKind: 1 }, counter);
    await runProbes({ source: session, result: truncated, pass: 1, options: { questions: 'model', perKind: 1 }, model, signal: new AbortController().signal });
    model.asked.forEach((call, index) => {
      expect(plan.calls[index].step).toBe(call.step);
      expect(plan.calls[index].inputTokens).toBeGreaterThanOrEqual(counter.count(call.request.system) + counter.count(call.request.prompt));
      expect(plan.calls[index].maxOutputTokens).toBe(call.request.maxOutputTokens);
    });
  });

  it('plans the calls the run makes, the write and fact-answer prompts counted exactly', async () => {
    const counter = charsPerTokenCounter();
    const plan = planProbes(session, truncated, 1, { questions: 'model', perKind: 2 }, counter);
    expect(plan.calls.map((call) => [call.step, call.isExact])).toEqual([['write', true], ['answer', false], ['grade', false]]);
    expect(plan.questionCount).toBe(8);
    const model = scriptedModel({ write: written, answer: '{}', grade: '[]' });
    await runProbes({ source: session, result: truncated, pass: 1, options: { questions: 'model', perKind: 2 }, model, signal: new AbortController().signal });
    const writeRequest = model.asked[0].request;
    expect(plan.calls[0].inputTokens).toBe(counter.count(writeRequest.system) + counter.count(writeRequest.prompt));
    expect(plan.calls[0].maxOutputTokens).toBe(writeRequest.maxOutputTokens);
    const factPlan = planProbes(session, truncated, 1, { questions: 'facts', perKind: 9 }, counter);
    const factModel = scriptedModel({ write: '', answer: '{}', grade: '' });
    await runProbes({ source: session, result: truncated, pass: 1, options: { questions: 'facts', perKind: 9 }, model: factModel, signal: new AbortController().signal });
    const answerRequest = factModel.asked[0].request;
    expect(factPlan.calls).toEqual([{ step: 'answer', isExact: true, inputTokens: counter.count(answerRequest.system) + counter.count(answerRequest.prompt), maxOutputTokens: answerRequest.maxOutputTokens }]);
  });
});
