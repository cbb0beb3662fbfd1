import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../transcript/model';
import type { ImportResult } from './import-report';
import { exportAnthropic } from './export/export-anthropic';
import { exportOpenAiChat } from './export/export-openai-chat';
import { copyFixture, deepJson, objectsInside, recordedFixtures, serialize, SPLICE_MARKER, type RecordedFixture } from './hostile-records.test-support';
import { importText } from './import-text';
import { limitNesting, MAX_NESTING_DEPTH, NESTING_PLACEHOLDER } from './nesting-limit';
import { parseDocument } from './parse-document';

const fixtures = recordedFixtures();
const depth = fc.oneof(fc.constant(100_000), fc.integer({ min: MAX_NESTING_DEPTH + 1, max: 100_000 }));
const shape = fc.constantFrom<'array' | 'object'>('array', 'object');

/** Few runs on the 3 MB session, more on small files: each property stays within a few seconds. */
function runsFor(fixture: RecordedFixture): number {
  return serialize(fixture).length > 1_000_000 ? 2 : 8;
}

function messageIds(result: ImportResult): string[][] {
  return result.transcripts.map((transcript) => transcript.messages.map((message) => `${message.role}:${message.id}`));
}

/** What the worker hands the page (messages without `raw`), cloned as postMessage clones it. */
function cloneForPage(transcripts: readonly Transcript[]): unknown {
  return structuredClone(
    transcripts.map((transcript) => ({
      ...transcript,
      system: transcript.system && { ...transcript.system, raw: null },
      messages: transcript.messages.map((message) => ({ ...message, raw: null })),
    })),
  );
}

/** Everything after the import that walks a whole message: the page's copy, both exporters, and `raw` as JSON. */
function expectUsableDownstream(result: ImportResult): void {
  expect(() => cloneForPage(result.transcripts)).not.toThrow();
  for (const transcript of result.transcripts) {
    expect(() => JSON.stringify(transcript.messages.map((message) => message.raw))).not.toThrow();
    expect(() => exportAnthropic(transcript)).not.toThrow();
    expect(() => exportOpenAiChat(transcript)).not.toThrow();
  }
}

function expectNoCrash(result: ImportResult): void {
  expect(result.report.errors.find((issue) => issue.message.includes('importer failed'))?.message).toBeUndefined();
}

describe('limitNesting', () => {
  it('cuts a 100,000-level value at the limit, iteratively, and says where', () => {
    const value = JSON.parse(`{"messages":[{"content":${deepJson(100_000, 'array')}}]}`) as { messages: { content: unknown }[] };
    const cuts = limitNesting(value);
    expect(cuts).toMatchObject({ count: 1 });
    expect(cuts?.firstPath.startsWith('messages[0].content[0][0][0]')).toBe(true);
    let levels = 0;
    for (let node: unknown = value; Array.isArray(node) || (typeof node === 'object' && node !== null); levels += 1) {
      node = Array.isArray(node) ? node[0] : Object.values(node)[0];
    }
    expect(levels).toBe(MAX_NESTING_DEPTH);
    expect(JSON.stringify(value)).toContain(NESTING_PLACEHOLDER);
  });

  it('leaves real-depth values alone', () => {
    const value = { a: [{ b: { c: [1, 2, { d: 'x' }] } }] };
    expect(limitNesting(value)).toBeUndefined();
    expect(value).toEqual({ a: [{ b: { c: [1, 2, { d: 'x' }] } }] });
  });

  it('names a JSONL line nested too deeply, and keeps the line', () => {
    const parsed = parseDocument(['{"a":1}', `{"b":${deepJson(5_000, 'object')}}`, '{"c":3}'].join('\n'));
    expect(parsed.kind).toBe('jsonl');
    if (parsed.kind !== 'jsonl') return;
    expect(parsed.records.map((record) => record.line)).toEqual([1, 2, 3]);
    expect(parsed.nestingCuts).toEqual([expect.objectContaining({ line: 2, path: 'b.a.a.a.a.a…' })]);
  });
});

describe('a deeply nested value costs only itself, never the file (every JSON and JSONL format)', () => {
  for (const fixture of fixtures) {
    it(`${fixture.name}: a value nested up to 100,000 deep inside one record`, () => {
      fc.assert(
        fc.property(fc.nat(), fc.nat(), depth, shape, (recordPick, objectPick, levels, kind) => {
          const copy = copyFixture(fixture);
          const objects = objectsInside(copy.records[recordPick % copy.records.length]);
          fc.pre(objects.length > 0);
          objects[objectPick % objects.length].deep_probe = SPLICE_MARKER;
          const shallow = importText(serialize(copy), { fileName: fixture.name });
          const deep = importText(serialize(copy, deepJson(levels, kind)), { fileName: fixture.name });
          expectNoCrash(deep);
          expect(deep.report.format).toBe(shallow.report.format);
          // Every message the file holds still imports, the one with the deep value included.
          expect(messageIds(deep)).toEqual(messageIds(shallow));
          expect(deep.report.errors.some((issue) => issue.message.includes(`nested more than ${MAX_NESTING_DEPTH} levels deep`))).toBe(true);
          expectUsableDownstream(deep);
        }),
        { seed: 1414, numRuns: runsFor(fixture) },
      );
    });

    it(`${fixture.name}: a whole record replaced by a value nested up to 100,000 deep`, () => {
      fc.assert(
        fc.property(fc.nat(), depth, shape, (recordPick, levels, kind) => {
          const copy = copyFixture(fixture);
          copy.records[recordPick % copy.records.length] = SPLICE_MARKER;
          // The same damage, shallow: the deep record must cost no more than any unreadable record does.
          const shallow = importText(serialize(copy, kind === 'array' ? '["x"]' : '{"a":"x"}'), { fileName: fixture.name });
          const deep = importText(serialize(copy, deepJson(levels, kind)), { fileName: fixture.name });
          expectNoCrash(deep);
          expect(deep.report.format).toBe(shallow.report.format);
          expect(messageIds(deep)).toEqual(messageIds(shallow));
          expectUsableDownstream(deep);
        }),
        { seed: 1415, numRuns: runsFor(fixture) },
      );
    });
  }

  for (const fixture of fixtures.filter((candidate) => !candidate.isLines)) {
    it(`${fixture.name}: a message entry replaced by a deep array still leaves every other message`, () => {
      const baseline = importText(serialize(fixture), { fileName: fixture.name });
      fc.assert(
        fc.property(fc.nat(), depth, (recordPick, levels) => {
          const copy = copyFixture(fixture);
          const index = recordPick % copy.records.length;
          copy.records[index] = SPLICE_MARKER;
          const deep = importText(serialize(copy, deepJson(levels, 'array')), { fileName: fixture.name });
          expectNoCrash(deep);
          expect(deep.report.format).toBe(baseline.report.format);
          // By id only: a legacy SWE-agent observation whose action was the damaged entry stays, as a user message.
          const kept = new Set(deep.transcripts.flatMap((transcript) => transcript.messages.map((message) => message.id)));
          const others = baseline.transcripts.flatMap((transcript) =>
            transcript.messages.filter((message) => message.sourceRef.index !== index).map((message) => message.id),
          );
          expect(others.filter((id) => !kept.has(id))).toEqual([]);
          // The entry that could not be read is named, not silently dropped.
          const issues = [...deep.report.errors, ...deep.report.warnings];
          expect(issues.some((issue) => issue.path?.endsWith(`[${index}]`))).toBe(true);
        }),
        { seed: 1416, numRuns: runsFor(fixture) },
      );
    });
  }

  it('a JSONL of one chat message per line keeps its messages around a line that is no message', () => {
    const lines = ['{"role":"user","content":"What is 2+2?"}', deepJson(5_000, 'array'), '{"role":"assistant","content":"4"}'];
    const result = importText(lines.join('\n'));
    expect(result.report.format).toBe('openai-chat');
    expect(result.transcripts.map((transcript) => transcript.messages.map((message) => message.role))).toEqual([['user', 'assistant']]);
    expect(result.report.errors).toContainEqual(expect.objectContaining({ line: 2, path: '[1]' }));
  });

  it('a deep record among good ones: the importers that lost the whole file keep every good record', () => {
    // One line of each JSONL format, nested 5,000 deep, between two good ones (issue 14 item 4).
    const sessions = fixtures.filter((fixture) => fixture.isLines);
    for (const fixture of sessions) {
      const copy = copyFixture(fixture);
      const middle = Math.floor(copy.records.length / 2);
      const objects = objectsInside(copy.records[middle]);
      objects[objects.length - 1].deep_probe = SPLICE_MARKER;
      const before = importText(serialize(fixture), { fileName: fixture.name });
      const after = importText(serialize(copy, deepJson(5_000, 'array')), { fileName: fixture.name });
      expectNoCrash(after);
      expect(messageIds(after), fixture.name).toEqual(messageIds(before));
    }
  });
});
