import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../formats/fixture-files.test-support';
import { importText } from '../formats/import-text';
import type { Message, Transcript } from '../transcript/model';
import { lastHeldContext } from './last-held-context';

const load = (text: string, fileName: string): Transcript => importText(text, { fileName }).transcripts[0];
const ids = (messages: readonly Message[]): string[] => messages.map((message) => message.id);

describe('lastHeldContext', () => {
  // The bundled sample (public/samples/claude-code-session.jsonl is the same file): one compact_boundary, at message 288.
  const sampleFile = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';

  it('starts the bundled Claude Code sample at its compaction summary and keeps everything after it', () => {
    const transcript = load(readFixture(sampleFile), sampleFile);
    const held = lastHeldContext(transcript);
    expect(held?.compaction).toMatchObject({ ordinal: 1, atMessage: 288 });
    expect(ids(held?.transcript.messages ?? [])).toEqual(ids(transcript.messages.slice(288)));
    expect(held?.transcript.messages[0]).toMatchObject({ origin: 'summary', blocks: [{ kind: 'text', text: expect.stringMatching(/^This session is being continued/) }] });
    expect(held?.transcript).toMatchObject({ id: `${transcript.id}#last-held`, markers: [], meta: transcript.meta });
    expect(held?.transcript.source.runLabel).toBe('as the agent last held it (from its compaction 1)');
  });

  it('leaves the loaded transcript as it was', () => {
    const transcript = load(readFixture(sampleFile), sampleFile);
    const before = structuredClone(transcript);
    lastHeldContext(transcript);
    expect(transcript).toEqual(before);
  });

  it('continues from the last of two compactions, with what the agent held after it (Codex replacement history)', () => {
    const name = 'codex-two-compactions.jsonl';
    const transcript = load(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'), name);
    const held = lastHeldContext(transcript);
    expect(held?.compaction.ordinal).toBe(2);
    expect(held?.transcript.messages.map((message) => message.origin)).toContain('summary');
    // Nothing from before the second compaction's replacement survives but what it kept.
    expect(ids(held?.transcript.messages ?? [])).not.toContain('codex-4');
    expect(ids(held?.transcript.messages ?? []).at(-1)).toBe(transcript.messages.at(-1)?.id);
  });

  it('offers nothing for a session the agent never compacted', () => {
    const file = 'claude-code__tool_heavy.jsonl';
    expect(lastHeldContext(load(readFixture(file), file))).toBeUndefined();
  });

  it('offers nothing when the last compaction cannot be read (an earlier one is not what the agent last held)', () => {
    const transcript = load(readFixture(sampleFile), sampleFile);
    const opaque: Transcript = { ...transcript, markers: transcript.markers.map((marker) => ({ ...marker, isOpaque: true })) };
    expect(lastHeldContext(opaque)).toBeUndefined();
  });

  it('keeps a microcompaction after the boundary at its place in the held context', () => {
    const transcript = load(readFixture(sampleFile), sampleFile);
    const micro = { atIndex: 300, kind: 'microcompact_boundary' };
    const held = lastHeldContext({ ...transcript, markers: [...transcript.markers, micro] });
    expect(held?.transcript.markers).toEqual([{ atIndex: 12, kind: 'microcompact_boundary' }]);
    expect(held?.transcript.messages[12].id).toBe(transcript.messages[300].id);
  });
});
