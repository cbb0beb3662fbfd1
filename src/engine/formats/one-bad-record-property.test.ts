import { describe, expect, it } from 'vitest';
import { copyFixture, recordedFixtures, serialize, type RecordedFixture } from './hostile-records.test-support';
import { importText } from './import-text';

/** One odd shape a single record can take, applied in place; false when the record has no such field. */
type Mutation = { name: string; apply: (record: Record<string, unknown>) => boolean };

/** The object that holds a record's content: the record, or its `message` (Claude Code) when that has one. */
function contentHolder(record: Record<string, unknown>): Record<string, unknown> | undefined {
  const message = record.message;
  if (typeof message === 'object' && message !== null && 'content' in message) return message as Record<string, unknown>;
  return 'content' in record ? record : undefined;
}

const oddContent = (value: unknown): Mutation => ({
  name: `content ${JSON.stringify(value)}`,
  apply: (record) => {
    const holder = contentHolder(record);
    if (holder) holder.content = value;
    return holder !== undefined;
  },
});

const oddParts = (value: unknown): Mutation => ({
  name: `parts ${JSON.stringify(value)}`,
  apply: (record) => {
    if (!('parts' in record)) return false;
    record.parts = value;
    return true;
  },
});

/** The shapes issue 25's mutation run found files lost to, and an emptied record. */
const MUTATIONS: Mutation[] = [
  oddContent([1]), oddContent([[]]), oddContent([null]),
  oddParts('text'), oddParts(5), oddParts({ text: 'x' }),
  { name: 'emptied to {}', apply: (record) => {
    for (const key of Object.keys(record)) delete record[key];
    return true;
  } },
];

/** Records to mutate: every one of a small file, an even spread of a large one (each import of a big file costs). */
function sampledIndexes(fixture: RecordedFixture): number[] {
  const count = fixture.records.length;
  const size = serialize(fixture).length;
  const wanted = size > 1_000_000 ? 2 : size > 200_000 ? 6 : 24;
  if (count <= wanted) return Array.from({ length: count }, (_, index) => index);
  return Array.from({ length: wanted }, (_, index) => Math.floor((index * count) / wanted));
}

/** What a file imported as: its format, its messages over all runs, and the largest run's. */
function messageCount(text: string, name: string): { format: string | null; count: number; largestRun: number } {
  const result = importText(text, { fileName: name });
  const sizes = result.transcripts.map((transcript) => transcript.messages.length);
  return { format: result.report.format, count: sizes.reduce((sum, size) => sum + size, 0), largestRun: Math.max(0, ...sizes) };
}

describe('one odd record never loses a file: each record of each real file, mutated (issue 25 item 7)', () => {
  for (const fixture of recordedFixtures()) {
    it(`${fixture.name}: the format holds and the other records still import`, () => {
      const whole = messageCount(serialize(fixture), fixture.name);
      // A record yields at most a few messages (a turn split into tool results and text), unless each record is a whole
      // run (an evaluation JSONL): then that run may go, and the others must stay.
      const mayLose = whole.count > whole.largestRun ? Math.max(3, whole.largestRun) : 3;
      const lost: string[] = [];
      for (const index of sampledIndexes(fixture)) {
        for (const mutation of MUTATIONS) {
          const copy = copyFixture(fixture);
          const record = copy.records[index];
          if (typeof record !== 'object' || record === null || Array.isArray(record)) continue;
          if (!mutation.apply(record as Record<string, unknown>)) continue;
          const damaged = messageCount(serialize(copy), fixture.name);
          if (damaged.format !== whole.format || damaged.count < whole.count - mayLose) {
            lost.push(`record ${index}, ${mutation.name}: ${damaged.format ?? 'Unknown'} with ${damaged.count} of ${whole.count} messages`);
          }
        }
      }
      expect(lost).toEqual([]);
    });
  }
});
