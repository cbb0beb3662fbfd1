import { listFixtureFiles, readFixture } from './fixture-files.test-support';

/** A fixture re-read as records: JSONL lines, or the entries of a JSON file's message list. */
export interface RecordedFixture {
  name: string;
  isLines: boolean;
  /** The whole parsed file (the array of lines for JSONL). */
  root: unknown;
  /** The records, as live entries of `root`: editing one edits the file. */
  records: unknown[];
}

/** Where each JSON format keeps its messages (or events), read from a parsed fixture. */
function messageList(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const candidates = [
    (record.samples as Record<string, unknown>[] | undefined)?.[0]?.messages,
    (record.inputs as Record<string, unknown> | undefined)?.messages,
    record.contents,
    record.input,
    record.history,
    record.messages,
  ];
  const found = candidates.find(Array.isArray) as unknown[] | undefined;
  // LangSmith nests a batch of lists; its first list holds the messages.
  return found && Array.isArray(found[0]) ? (found[0] as unknown[]) : found;
}

/** Every JSON or JSONL fixture (plain text left out) as records. */
export function recordedFixtures(): RecordedFixture[] {
  return listFixtureFiles().flatMap((name): RecordedFixture[] => {
    const text = readFixture(name);
    try {
      const root: unknown = JSON.parse(text);
      const records = messageList(root);
      return records ? [{ name, isLines: false, root, records }] : [];
    } catch {
      const lines = text.split('\n').filter((line) => line.trim() !== '');
      try {
        const root = lines.map((line) => JSON.parse(line) as unknown);
        return [{ name, isLines: true, root, records: root }];
      } catch {
        return [];
      }
    }
  });
}

/** A fresh copy, so a test can edit records without touching the next test's fixture. */
export function copyFixture(fixture: RecordedFixture): RecordedFixture {
  const root: unknown = structuredClone(fixture.root);
  return { ...fixture, root, records: fixture.isLines ? (root as unknown[]) : (messageList(root) ?? []) };
}

/** The marker a test puts where a hand-built JSON text goes (JSON.stringify cannot write a deep value). */
export const SPLICE_MARKER = '__spliced_value__';

/** The fixture as text, with the first `"__spliced_value__"` replaced by `spliced` (raw JSON text). */
export function serialize(fixture: RecordedFixture, spliced?: string): string {
  const text = fixture.isLines ? (fixture.root as unknown[]).map((line) => JSON.stringify(line)).join('\n') : JSON.stringify(fixture.root);
  return spliced === undefined ? text : text.replace(`"${SPLICE_MARKER}"`, () => spliced);
}

/** JSON text of a value nested `depth` levels: arrays (`[[…"x"…]]`) or objects (`{"a":{"a":…}}`). */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + '"x"' + ']'.repeat(depth) : '{"a":'.repeat(depth) + '"x"' + '}'.repeat(depth);
}

/** Every object inside a value, the value itself first; found iteratively. */
export function objectsInside(value: unknown): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const pending = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null) continue;
    if (!Array.isArray(current)) found.push(current as Record<string, unknown>);
    pending.push(...Object.values(current));
  }
  return found;
}
