import { describe, expect, it } from 'vitest';
import { twoMockOrigins } from '../../e2e/mock-llm/two-origins.test-support';
import { readFixture } from '../engine/formats/fixture-files.test-support';
import { importText, type CompactionEvent } from '../engine';
import { createWorkerSummarizers } from './provider-summarizers';
import { createProviderKeyStore } from './provider-keys';
import { runCompaction } from './run-compaction';

const name = 'claude-code__tool_heavy.jsonl';
const transcript = importText(readFixture(name), { fileName: name }).transcripts[0];
const origins = twoMockOrigins();

describe('live summarizers from the page’s provider choice', () => {
  it('two rungs with one model id on two endpoints are two models: smol asks its endpoint, and both are named in full', async () => {
    const spec = (url: string) => ({ provider: 'openai-compatible' as const, model: 'mock-ok', baseURL: `${url}/v1` });
    const built = createWorkerSummarizers({ smol: spec(origins.first.url), main: spec(origins.second.url) }, createProviderKeyStore(), {});
    if ('error' in built) throw new Error(built.error.message);
    const events: CompactionEvent[] = [];
    const config = { profile: 'auto-compactor', window: 4000, reserveTokens: 500, keepRecentTokens: 800 };
    const result = await runCompaction(transcript, { config }, (event) => events.push(event), { choice: built.choice });
    expect(result.success).toBe(true);
    const labels = events.flatMap((event) => (event.type === 'attempt-start' ? [event.label] : []));
    expect(labels[0]).toBe(`smol=openai-compatible:mock-ok@${origins.firstHost()}`);
    expect(origins.first.requests.length).toBeGreaterThan(0);
    expect(origins.second.requests).toEqual([]);
  });

  it('one model at one endpoint given twice is one model: smol is skipped and main is named plainly', async () => {
    const spec = { provider: 'openai-compatible' as const, model: 'mock-ok', baseURL: `${origins.first.url}/v1` };
    const built = createWorkerSummarizers({ smol: spec, main: { ...spec } }, createProviderKeyStore(), {});
    if ('error' in built) throw new Error(built.error.message);
    const events: CompactionEvent[] = [];
    const config = { profile: 'auto-compactor', window: 4000, reserveTokens: 500, keepRecentTokens: 800 };
    await runCompaction(transcript, { config }, (event) => events.push(event), { choice: built.choice });
    const labels = new Set(events.flatMap((event) => (event.type === 'attempt-start' ? [event.label] : [])));
    expect([...labels]).toEqual(['main=mock-ok']);
  });

  it('no smol rung (the page’s default until one is chosen): main alone runs, and no other provider is asked for a key (issue 27)', async () => {
    const main = { provider: 'openai-compatible' as const, model: 'mock-ok', baseURL: `${origins.first.url}/v1` };
    const built = createWorkerSummarizers({ main }, createProviderKeyStore(), {});
    if ('error' in built) throw new Error(built.error.message);
    expect(Object.keys(built.choice.summarizers ?? {})).toEqual(['main']);
    const events: CompactionEvent[] = [];
    const config = { profile: 'auto-compactor', window: 4000, reserveTokens: 500, keepRecentTokens: 800 };
    await runCompaction(transcript, { config }, (event) => events.push(event), { choice: built.choice });
    expect(new Set(events.flatMap((event) => (event.type === 'attempt-start' ? [event.label] : [])))).toEqual(new Set(['main=mock-ok']));
  });

  it('a cheap model without its key is named in the page’s words, with the config’s smol beside it (issue 27)', () => {
    const main = { provider: 'openai-compatible' as const, model: 'mock-ok', baseURL: `${origins.first.url}/v1` };
    const built = createWorkerSummarizers({ main, smol: { provider: 'anthropic', model: 'claude-haiku' } }, createProviderKeyStore(), {});
    expect(built).toMatchObject({ error: { code: 'missing-key', message: 'No API key is set for anthropic (the cheap model (smol) claude-haiku); add one in the provider settings.' } });
  });
});
