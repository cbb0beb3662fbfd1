import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CompactionEvent } from '../engine';
import { unwrap } from '../worker-client/reply';
import { createLabApi } from './lab-api';
import { forPage } from './page-copies';

const fixture = readFileSync(path.join(import.meta.dirname, '../../e2e/fixtures/transcripts/claude-code__tool_heavy.jsonl'), 'utf8');

describe('forPage', () => {
  it('hands the page imports and runs without source records, while the worker keeps them for exports', async () => {
    const api = createLabApi();
    const page = forPage(api);
    const imported = unwrap(await page.importText(fixture, 'session.jsonl'));
    const messages = imported.transcripts[0].messages;
    expect(messages.length).toBeGreaterThan(5);
    expect(messages.every((message) => message.raw === null)).toBe(true);
    const events: CompactionEvent[] = [];
    const { result } = unwrap(await page.compact({ transcriptKey: imported.transcriptKeys[0], config: { schemaVersion: 1, profile: 'auto-compactor', force: true, keepRecentTokens: 300 } }, (event) => events.push(event)));
    expect(result.success).toBe(true);
    expect(result.passes[0].messages.every((message) => message.raw === null)).toBe(true);
    const passEnd = events.find((event) => event.type === 'pass-end');
    expect(passEnd?.type === 'pass-end' && passEnd.snapshot.messages.every((message) => message.raw === null)).toBe(true);
    // The same source message kept by a pass is the same page object, so structured cloning sends it once.
    const kept = result.passes[0].messages.find((message) => messages.some((original) => original.id === message.id));
    expect(kept).toBeDefined();
    expect(result.messages).toContain(kept);
  });

  it('leaves the worker\'s own copy whole: exports and counts still see the source records', async () => {
    const api = createLabApi();
    const direct = unwrap(await api.importText(fixture, 'session.jsonl'));
    expect(direct.transcripts[0].messages.some((message) => message.raw !== null)).toBe(true);
  });
});
