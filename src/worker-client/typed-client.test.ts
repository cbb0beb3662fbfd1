import { expose, wrap } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startMockLlm } from '../../e2e/mock-llm/mock-llm-server';
import { listFixtureFiles, readFixture } from '../engine/formats/fixture-files.test-support';
import { mockSpec } from '../providers/live/live-summarizer.test-support';
import { createLabApi } from '../worker/lab-api';
import { forPage } from '../worker/page-copies';
import { callOverComlink } from './comlink-call';
import type { LabWorkerApi } from './lab-worker-api';
import type { TokenBatch } from './transcript-protocol';
import { unwrap } from './reply';
import { createLabClient } from './typed-client';

const toolHeavy = listFixtureFiles().find((name) => name.startsWith('claude-code__tool_heavy')) ?? '';
const big = listFixtureFiles().find((name) => name.startsWith('claude-code__fa812bfe-')) ?? '';

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

/** The worker's API exposed on one end of a message channel, and the typed client on the other: the page's road, in Node. */
function clientOverChannel() {
  const channel = new MessageChannel();
  channels.push(channel);
  expose(forPage(createLabApi()), channel.port1);
  const remote = wrap<LabWorkerApi>(channel.port2);
  const ended = new Promise<never>(() => {});
  return createLabClient(callOverComlink(() => ({ remote, ended })));
}

describe('the typed worker client (over a real comlink channel)', () => {
  it('proxies a callback argument without being told: the worker streams count batches back to it', async () => {
    const client = clientOverChannel();
    const { transcriptKeys, transcripts } = unwrap(await client.importText(readFixture(toolHeavy), toolHeavy));
    const batches: TokenBatch[] = [];
    const summary = unwrap(await client.countTokens(transcriptKeys[0], 'o200k_base', (batch) => batches.push(batch)));
    // Callback messages travel on the proxy's own channel, so the last batches may land just after the answer.
    await vi.waitFor(() => expect(batches.reduce((sum, batch) => sum + batch.counts.length, 0)).toBe(transcripts[0].messages.length));
    expect(summary.perMessage).toHaveLength(transcripts[0].messages.length);
  });

  it('answers errors as data through the channel, never as a rejection', async () => {
    const client = clientOverChannel();
    expect(await client.measureRetention('result-none-1')).toMatchObject({ ok: false, error: { code: 'unknown-result' } });
  });

  it('stops a long call when its signal aborts: the run answers as cancelled and its HTTP request is closed', async () => {
    const mock = await startMockLlm({ port: 0 });
    try {
      const client = clientOverChannel();
      const { transcriptKeys } = unwrap(await client.importText(readFixture(big), big));
      const controller = new AbortController();
      const running = client.compact(
        { transcriptKey: transcriptKeys[0], config: { profile: 'auto-compactor', window: 60_000, baseBackoffMs: 1 }, providers: { main: mockSpec(mock.url, 'openai-compatible', 'mock-slow') } },
        () => {},
        // The first streamed text arrives through a proxied callback; aborting then stops the run mid-stream.
        () => controller.abort(),
        undefined,
        controller.signal,
      );
      expect(unwrap(await running).result).toMatchObject({ cancelled: true, success: false });
      await vi.waitFor(() => expect(mock.requests[0]).toMatchObject({ model: 'mock-slow', closedEarly: true }));
    } finally {
      await mock.close();
    }
  });

  it('sends nothing extra for a signal that never aborts', async () => {
    const client = clientOverChannel();
    const { transcriptKeys } = unwrap(await client.importText(readFixture(toolHeavy), toolHeavy));
    const answer = unwrap(await client.compact({ transcriptKey: transcriptKeys[0], config: { profile: 'rolling-summary', keepVerbatim: 1 } }, () => {}, undefined, undefined, new AbortController().signal));
    expect(answer.result).toMatchObject({ success: true, cancelled: false });
    expect(answer.resultId).toMatch(/^result-/);
  });
});
