import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlm, type MockLlm } from '../../e2e/mock-llm/mock-llm-server';
import { listFixtureFiles, readFixture } from '../engine/formats/fixture-files.test-support';
import { probePromptMarkers } from '../engine/probes/probe-prompts';
import type { LiveCallRecord } from '../providers/live/live-summarizer';
import { mockSpec, secretKey } from '../providers/live/live-summarizer.test-support';
import type { LabWorkerApi } from '../worker-client/lab-worker-api';
import type { ProbeStep } from '../worker-client/probe-protocol';
import { unwrap } from '../worker-client/reply';
import { createLabApi } from './lab-api';

// Probe mode end to end in the worker, against the mock provider answering each probe step from a script.

const session = listFixtureFiles().find((name) => name.startsWith('claude-code__fa812bfe-')) ?? '';
const truncating = { profile: 'two-tier', tokenThreshold: 20_000, compactStrategy: 'truncate' };

const scripts = [
  {
    match: probePromptMarkers.write,
    text: JSON.stringify([
      { kind: 'recall', question: 'Which module was being synced?', answer: 'Spotter.Transcripts' },
      { kind: 'artifact', question: 'Which file was edited?', answer: 'lib/spotter/transcripts/sessions.ex' },
      { kind: 'continuation', question: 'What was next?', answer: 'run mix test' },
      { kind: 'decision', question: 'Why debounce ingest?', answer: 'to batch tail events' },
    ]),
  },
  { match: probePromptMarkers.answer, text: '{"P1": "Spotter.Transcripts", "P2": "unknown", "P3": "run the tests", "P4": "no idea"}' },
  { match: probePromptMarkers.grade, text: '[{"id":"P1","grade":"correct","reason":"same module"},{"id":"P3","grade":"partial","reason":"vaguer"},{"id":"P4","grade":"wrong","reason":"misses it"}]' },
];

let mock: MockLlm;
beforeAll(async () => {
  mock = await startMockLlm({ scripts });
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

/** Imports the session and compacts it; resolves with the id the worker holds the result by. */
async function compacted(api: LabWorkerApi): Promise<string> {
  const { transcriptKeys } = unwrap(await api.importText(readFixture(session), session));
  const { resultId, result } = unwrap(await api.compact({ transcriptKey: transcriptKeys[0], config: truncating }, () => undefined));
  expect(result.success).toBe(true);
  return resultId;
}

describe('probe mode in the worker (mock provider, scripted answers)', () => {
  it('plans calls and cost without calling, then writes, answers and grades through the provider', async () => {
    const api = createLabApi();
    await api.setProviderKey('anthropic', secretKey);
    const resultId = await compacted(api);
    const options = { questions: 'model' as const, perKind: 1 };
    const planned = unwrap(await api.planProbes({ resultId, pass: 1, options, encoding: 'o200k_base', model: 'claude-3-5-haiku' }));
    expect(planned.plan.calls.map((call) => call.step)).toEqual(['write', 'answer', 'grade']);
    expect(planned.maxCostUsd).toBeGreaterThan(0);
    expect(mock.requests).toHaveLength(0);
    const steps: ProbeStep[] = [];
    const calls: [LiveCallRecord, ProbeStep][] = [];
    const report = unwrap(await api.runProbes({ resultId, pass: 1, options, provider: mockSpec(mock.url, 'anthropic', 'claude-3-5-haiku') }, (step) => steps.push(step), (call, step) => calls.push([call, step])));
    expect(steps).toEqual(['write', 'answer', 'grade']);
    expect(mock.requests.map((request) => request.scripted)).toEqual([probePromptMarkers.write, probePromptMarkers.answer, probePromptMarkers.grade]);
    expect(calls.map(([call, step]) => [step, call.status, call.hasKey])).toEqual([['write', 200, true], ['answer', 200, true], ['grade', 200, true]]);
    expect(report.outcomes.map((probe) => probe.grade)).toEqual(['correct', 'unanswered', 'partial', 'wrong']);
    expect(report.byKind).toEqual({ recall: { count: 1, score: 1 }, artifact: { count: 1, score: 0 }, continuation: { count: 1, score: 0.5 }, decision: { count: 1, score: 0 } });
    expect(JSON.stringify({ report, calls, planned })).not.toContain(secretKey);
  });

  it('refuses without a call when the result is not held, the key is missing, or the pass does not exist', async () => {
    const api = createLabApi();
    const provider = mockSpec(mock.url, 'openai', 'mock-ok');
    const options = { questions: 'model' as const, perKind: 1 };
    expect(await api.runProbes({ resultId: 'result-none-1', pass: 1, options, provider }, () => undefined)).toMatchObject({ ok: false, error: { code: 'unknown-result', message: expect.stringContaining('run compaction again') } });
    const resultId = await compacted(api);
    expect(await api.runProbes({ resultId, pass: 1, options, provider }, () => undefined)).toMatchObject({ ok: false, error: { code: 'missing-key', message: expect.stringContaining('No API key is set for openai') } });
    expect(await api.planProbes({ resultId, pass: 7, options, encoding: 'o200k_base' })).toEqual({ ok: false, error: { code: 'nothing-to-probe', message: 'The run has no pass 7 to probe.', isRetryable: false } });
    expect(mock.requests).toHaveLength(0);
  });

  it('never shows the key, even when a reply the run cannot read quotes it', async () => {
    const api = createLabApi();
    await api.setProviderKey('openai', secretKey);
    const resultId = await compacted(api);
    mock.setScripts([{ match: probePromptMarkers.write, text: `I will not. Your key is ${secretKey}.` }]);
    try {
      const outcome = await api.runProbes({ resultId, pass: 1, options: { questions: 'model', perKind: 1 }, provider: mockSpec(mock.url, 'openai', 'mock-ok') }, () => undefined);
      expect(outcome).toMatchObject({ ok: false, error: { code: 'probe-failed', message: expect.stringContaining('The question writer reply holds no JSON array: "I will not. Your key is [key redacted]') } });
      expect(JSON.stringify(outcome)).not.toContain(secretKey.slice(0, 12));
    } finally {
      mock.setScripts(scripts);
    }
  });

  it('keeps probing a result while other runs compact (the page, not the worker, stops probes of a run it replaces)', async () => {
    const api = createLabApi();
    await api.setProviderKey('openai', secretKey);
    const resultId = await compacted(api);
    const hanging = api.runProbes({ resultId, pass: 1, options: { questions: 'facts', perKind: 1 }, provider: mockSpec(mock.url, 'openai', 'mock-hang') }, () => undefined);
    await expect.poll(() => mock.requests.filter((request) => request.model === 'mock-hang').length).toBe(1);
    const { transcriptKeys } = unwrap(await api.importText(readFixture(session), session));
    await api.compact({ transcriptKey: transcriptKeys[0], config: truncating }, () => undefined);
    const stillRunning = await Promise.race([hanging.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('running'), 200))]);
    expect(stillRunning).toBe('running');
    await api.cancelProbes();
    expect(await hanging).toEqual({ ok: false, error: { code: 'cancelled', message: 'Probing was cancelled.', isRetryable: false } });
  });

  it('reports a provider failure in words, and a cancel as cancelled with the request closed', async () => {
    const api = createLabApi();
    await api.setProviderKey('openai', secretKey);
    const resultId = await compacted(api);
    const options = { questions: 'facts' as const, perKind: 1 };
    const limited = await api.runProbes({ resultId, pass: 1, options, provider: mockSpec(mock.url, 'openai', 'mock-429') }, () => undefined);
    expect(limited).toMatchObject({ ok: false, error: { code: 'http-429', message: expect.stringContaining('HTTP 429') } });
    const hanging = api.runProbes({ resultId, pass: 1, options, provider: mockSpec(mock.url, 'openai', 'mock-hang') }, () => undefined);
    await expect.poll(() => mock.requests.filter((request) => request.model === 'mock-hang').length).toBe(1);
    await api.cancelProbes();
    expect(await hanging).toEqual({ ok: false, error: { code: 'cancelled', message: 'Probing was cancelled.', isRetryable: false } });
    await expect.poll(() => mock.requests.find((request) => request.model === 'mock-hang')?.closedEarly).toBe(true);
  });
});
