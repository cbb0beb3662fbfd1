import { describe, expect, it } from 'vitest';
import { isNoAnswer, parseAnswers, parseGrades, parseWrittenQuestions, ProbeReplyError } from './probe-parse';

describe('parseWrittenQuestions', () => {
  it('reads a fenced JSON array, drops unknown kinds and caps each kind', () => {
    const reply = 'Here they are:\n```json\n[{"kind":"Recall","question":"Which error?","answer":"ENOENT"},{"kind":"recall","question":"Second?","answer":"x"},{"kind":"mood","question":"How?","answer":"ok"},{"kind":"artifact","question":"Which file?","answer":42}]\n```';
    expect(parseWrittenQuestions(reply, 1)).toEqual([
      { kind: 'recall', question: 'Which error?', expected: 'ENOENT' },
      { kind: 'artifact', question: 'Which file?', expected: '42' },
    ]);
  });

  it('says which step failed and shows the start of the reply', () => {
    expect(() => parseWrittenQuestions('I cannot help with that.', 2)).toThrow(ProbeReplyError);
    expect(() => parseWrittenQuestions('I cannot help with that.', 2)).toThrow('The question writer reply holds no JSON array: "I cannot help with that."');
    expect(() => parseWrittenQuestions('[{"kind": "recall", "question": ', 2)).toThrow(/question writer reply (holds no JSON array|is not valid JSON)/);
    expect(() => parseWrittenQuestions('[{"kind":"mood","question":"q","answer":"a"}]', 2)).toThrow('has no question of a known kind');
    expect(() => parseWrittenQuestions('', 2)).toThrow('(it was empty)');
  });
});

describe('parseAnswers and parseGrades', () => {
  it('maps answers by id, stringifying non-strings and skipping nulls', () => {
    const answers = parseAnswers('{"P1": " src/a.ts ", "P2": null, "P3": ["a", "b"]}');
    expect([...answers]).toEqual([['P1', 'src/a.ts'], ['P3', '["a","b"]']]);
    expect(() => parseAnswers('["P1"]')).toThrow('The answer reply holds no JSON object');
  });

  it('reads grades case-insensitively and drops unknown grades', () => {
    const grades = parseGrades('[{"id":"P1","grade":"Correct","reason":"same"},{"id":"P2","grade":"great"},{"id":"P3","grade":"partial"}]');
    expect([...grades]).toEqual([['P1', { grade: 'correct', reason: 'same' }], ['P3', { grade: 'partial', reason: '' }]]);
    expect(() => parseGrades('{"P1": "correct"}')).toThrow('The grader reply holds no JSON array');
    expect(() => parseGrades('[1, 2]')).toThrow('The grader reply is not a list of {id, grade, reason}');
  });

  it('knows a non-answer', () => {
    for (const text of [undefined, '', 'unknown', 'Unknown.', 'unknown from the context', 'Not stated in the compacted context.', 'The context does not say.']) expect(isNoAnswer(text)).toBe(true);
    for (const text of ['src/a.ts', 'Unknown option --foo in cli.ts', 'It is unknown whether the test passed, but the file is src/a.ts']) expect(isNoAnswer(text)).toBe(false);
  });
});
