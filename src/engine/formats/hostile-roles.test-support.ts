import { listFixtureFiles, readFixture } from './fixture-files.test-support';
import { copyFixture, recordedFixtures, serialize } from './hostile-records.test-support';
import { importText } from './import-text';

/** The field that says what an entry is: a role in the chat-shaped formats, a type in the others. */
type KindField = 'role' | 'type';

/**
 * A fixture whose entries each carry a role or type: how many there are, and the file's text with one entry's field
 * set to a value, or with the whole entry replaced by `null` (a damaged record every reader already skips).
 */
export interface KindedFixture {
  name: string;
  field: KindField;
  entryCount: number;
  withField(entryIndex: number, value: unknown): string;
  withNullEntry(entryIndex: number): string;
}

/** Formats whose detectors once needed every entry's role or type to be well-formed, with the field each uses. */
const FIELD_OF_FORMAT: Record<string, KindField> = {
  'openai-chat': 'role',
  'anthropic-messages': 'role',
  'gemini-contents': 'role',
  'gemini-cli': 'type',
  langchain: 'type',
  codex: 'type',
};

/** One entry of a JSONL file: a whole line (an event), or one message of the conversation a line holds. */
interface LineEntry {
  lineIndex: number;
  messageIndex?: number;
}

/** A JSONL fixture, edited line by line so a line that does not parse stays exactly as it was. */
function jsonlFixture(name: string, field: KindField, text: string, perMessage: boolean): KindedFixture {
  const lines = text.split('\n');
  const parsed = lines.map((line): unknown => {
    try {
      return JSON.parse(line);
    } catch {
      return undefined;
    }
  });
  const entries: LineEntry[] = parsed.flatMap((value, lineIndex): LineEntry[] => {
    if (typeof value !== 'object' || value === null) return [];
    if (!perMessage) return [{ lineIndex }];
    const messages = (value as { messages?: unknown }).messages;
    return Array.isArray(messages) ? messages.map((_, messageIndex) => ({ lineIndex, messageIndex })) : [];
  });
  const edit = (entryIndex: number, change: (line: Record<string, unknown>) => unknown): string => {
    const { lineIndex } = entries[entryIndex];
    const line = structuredClone(parsed[lineIndex]) as Record<string, unknown>;
    const edited = change(line);
    return lines.map((original, index) => (index === lineIndex ? JSON.stringify(edited) : original)).join('\n');
  };
  return {
    name,
    field,
    entryCount: entries.length,
    withField: (entryIndex, value) => edit(entryIndex, (line) => {
      const { messageIndex } = entries[entryIndex];
      const target = messageIndex === undefined ? line : (line.messages as Record<string, unknown>[])[messageIndex];
      target[field] = value;
      return line;
    }),
    withNullEntry: (entryIndex) => edit(entryIndex, (line) => {
      const { messageIndex } = entries[entryIndex];
      if (messageIndex === undefined) return null;
      (line.messages as unknown[])[messageIndex] = null;
      return line;
    }),
  };
}

/**
 * Every fixture of the role- or type-keyed formats (OpenAI Chat, Anthropic, Gemini contents, Gemini CLI, LangChain,
 * the Codex exec stream), found by importing each fixture and keeping those its format names.
 */
export function kindedFixtures(): KindedFixture[] {
  const json = new Map(recordedFixtures().filter((fixture) => !fixture.isLines).map((fixture) => [fixture.name, fixture]));
  return listFixtureFiles().flatMap((name): KindedFixture[] => {
    const text = readFixture(name);
    const result = importText(text, { fileName: name });
    const format = result.report.format ?? '';
    const field = FIELD_OF_FORMAT[format];
    if (!field) return [];
    const isExecStream = result.transcripts.some((transcript) => transcript.source.runLabel === 'codex exec --json stream');
    if (format === 'codex' && !isExecStream) return [];
    const recorded = json.get(name);
    if (!recorded) return [jsonlFixture(name, field, text, format === 'openai-chat')];
    return [{
      name,
      field,
      entryCount: recorded.records.length,
      withField: (entryIndex, value) => {
        const copy = copyFixture(recorded);
        (copy.records[entryIndex] as Record<string, unknown>)[field] = value;
        return serialize(copy);
      },
      withNullEntry: (entryIndex) => {
        const copy = copyFixture(recorded);
        copy.records[entryIndex] = null;
        return serialize(copy);
      },
    }];
  });
}
