import { describe, expect, it } from 'vitest';
import { loadTokenCounter } from '../../ports/tokenizer/token-counter';
import { readFixture } from '../formats/fixture-files.test-support';
import { importText } from '../formats/import-text';
import type { Message, Transcript } from '../transcript/model';
import { countTranscript } from './accounting';
import { contextBasis, contextFigure } from './context-basis';
import { loggedCalls, type LoggedCall } from './logged-calls';
import { fitLoggedUsage } from './usage-fit';

async function fixtureFit(name: string) {
  const transcript = importText(readFixture(name), { fileName: name }).transcripts[0];
  const counts = countTranscript(transcript, await loadTokenCounter('o200k_base'));
  const calls = loggedCalls(transcript, counts.perMessage, counts.system);
  return { transcript, counts, calls, fit: fitLoggedUsage(calls, 'o200k_base') };
}

function message(id: string, role: Message['role'], contextTokens?: number, extra: Partial<Message> = {}): Message {
  return { id, role, origin: role === 'assistant' ? 'model' : 'human', blocks: [{ kind: 'text', text: id }], usage: contextTokens === undefined ? undefined : { contextTokens }, sourceRef: {}, raw: null, ...extra };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)];
};

describe('loggedCalls', () => {
  it('counts what each call saw: the system prompt and earlier main messages since the last own compaction', () => {
    const transcript: Transcript = {
      id: 't',
      source: { format: 'claude-code' },
      messages: [message('u1', 'user'), message('a1', 'assistant', 500), message('side', 'assistant', 9_999, { isSidechain: true }), message('u2', 'user'), message('a2', 'assistant', 700), message('summary', 'user'), message('a3', 'assistant', 300)],
      markers: [{ atIndex: 5, kind: 'compact_boundary' }],
      meta: {},
    };
    const calls = loggedCalls(transcript, [10, 20, 40, 30, 50, 60, 70], 5);
    expect(calls).toEqual([
      { messageIndex: 1, ourTokens: 5 + 10, loggedTokens: 500, model: undefined },
      // The sidechain call is left out, and its message is not part of the main context.
      { messageIndex: 4, ourTokens: 5 + 10 + 20 + 30, loggedTokens: 700, model: undefined },
      // After the boundary, only the summary the agent carried over (and the system prompt) was in the context.
      { messageIndex: 6, ourTokens: 5 + 60, loggedTokens: 300, model: undefined },
    ]);
  });


  it('keeps the context across a microcompaction, and takes out only the messages a condensation lists', () => {
    const base: Omit<Transcript, 'markers'> = {
      id: 't',
      source: { format: 'openhands' },
      messages: [message('u1', 'user'), message('a1', 'assistant', 500), message('u2', 'user'), message('a2', 'assistant', 700)],
      meta: {},
    };
    const micro = loggedCalls({ ...base, markers: [{ atIndex: 2, kind: 'microcompact_boundary' }] }, [10, 20, 30, 40], 0);
    expect(micro.map((call) => call.ourTokens)).toEqual([10, 60]);
    const condensed = loggedCalls({ ...base, markers: [{ atIndex: 2, kind: 'condensation', replacesMessageIds: ['u1'] }] }, [10, 20, 30, 40], 0);
    expect(condensed.map((call) => call.ourTokens)).toEqual([10, 50]);
  });
});

describe('fitLoggedUsage', () => {
  it('recovers the overhead and the ratio of a clean line exactly', () => {
    const calls: LoggedCall[] = [1_000, 4_000, 9_000, 20_000, 50_000].map((ourTokens, index) => ({ messageIndex: index, ourTokens, loggedTokens: 12_000 + 1.25 * ourTokens, model: 'claude-x' }));
    const fit = fitLoggedUsage(calls, 'o200k_base');
    expect(fit.overhead).toMatchObject({ method: 'fit', providerTokens: 12_000, tokens: 9_600, calls: 5 });
    expect(fit.calibration).toMatchObject({ model: 'claude-x', ratio: 1.25, spread: { low: 1.25, high: 1.25 }, overheadTokens: 12_000, calls: 5 });
  });

  it('on Claude Code fa812bfe (157 calls, the last logging 76,350): a fitted overhead, not the drift of the median difference', async () => {
    const { calls, fit } = await fixtureFit('claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl');
    expect(calls).toHaveLength(157);
    expect(calls.at(-1)).toMatchObject({ loggedTokens: 76_350, ourTokens: 36_990 });
    expect(fit.overhead).toMatchObject({ method: 'fit', calls: 157, providerTokens: 24_621, tokens: 18_187 });
    expect(fit.calibration?.model).toBe('claude-opus-4-6');
    expect(fit.calibration?.ratio).toBeCloseTo(1.354, 3);
    expect(fit.calibration?.spread.low).toBeLessThan(fit.calibration?.ratio ?? 0);
    expect(fit.calibration?.spread.high).toBeGreaterThan(fit.calibration?.ratio ?? 0);
    // logged − ours grows from 26,023 to 39,360 over the session: its median would count the tokenizer gap as overhead.
    const differences = calls.map((call) => call.loggedTokens - call.ourTokens);
    expect(differences[0]).toBe(26_023);
    expect(differences.at(-1)).toBe(39_360);
    expect(median(differences)).toBeGreaterThan((fit.overhead.providerTokens ?? 0) + 5_000);
  });

  it('on the Codex rollout (per-turn usage over redacted outputs): no calibration, and says why', async () => {
    const { calls, fit } = await fixtureFit('codex__rollout-2026-02-23T12-41-04-019c8a4d-8f45-7010-8b5d-7fad920aa6f9.jsonl');
    expect(calls).toHaveLength(28);
    expect(calls[0]).toMatchObject({ loggedTokens: 17_102 });
    expect(fit.calibration).toBeNull();
    expect(fit.calibrationNote).toMatch(/grows 20\.\d× as fast .* does not hold everything the model saw/);
    // The three least-filled calls: 16,964, 17,837 and 19,396 over our count; their median.
    expect(fit.overhead).toMatchObject({ method: 'smallest-calls', tokens: 17_837, calls: 28 });
  });

  it('gives no calibration when the calls’ contexts hardly differ, and never a negative overhead', () => {
    const close = fitLoggedUsage([100, 300, 400, 500, 600].map((ourTokens, index) => ({ messageIndex: index, ourTokens, loggedTokens: 9_000 + ourTokens })), 'o200k_base');
    expect(close.calibration).toBeNull();
    expect(close.calibrationNote).toMatch(/differ by only 500 tokens/);
    expect(close.overhead).toMatchObject({ method: 'smallest-calls', tokens: 9_000 });
    const under = fitLoggedUsage([1_000, 3_000, 5_000, 7_000, 9_000].map((ourTokens, index) => ({ messageIndex: index, ourTokens, loggedTokens: 0.9 * ourTokens - 300 })), 'o200k_base');
    expect(under.overhead).toMatchObject({ method: 'fit', tokens: 0, providerTokens: 0 });
  });

  const line = (ratio: number, contexts: number[]): LoggedCall[] => contexts.map((ourTokens, index) => ({ messageIndex: index, ourTokens, loggedTokens: 3_000 + ratio * ourTokens, model: 'claude-x' }));

  it('refuses a fit from fewer than 5 calls, and says so', () => {
    const fit = fitLoggedUsage(line(1.25, [1_000, 4_000, 9_000, 20_000]), 'o200k_base');
    expect(fit.calibration).toBeNull();
    expect(fit.calibrationNote).toBe('No calibration: only 4 logged calls; a calibration needs at least 5 at different context sizes (fewer give too few pairs of calls to trust a slope).');
    expect(fit.overhead.method).toBe('smallest-calls');
  });

  it('refuses a ratio no tokenizer gives, naming what each side of the band means', () => {
    // The OpenHands claude-3-5-sonnet run of issue 25 fitted 0.659 while its edits were counted twice.
    const low = fitLoggedUsage(line(0.659, [1_000, 2_000, 4_000, 8_000, 16_000]), 'o200k_base');
    expect(low.calibration).toBeNull();
    expect(low.calibrationNote).toMatch(/^No calibration: the calls give 0\.659 provider tokens per o200k_base token, below the 0\.8–1\.6 of any current tokenizer: the transcript holds text the model was never sent/);
    const high = fitLoggedUsage(line(1.7, [1_000, 2_000, 4_000, 8_000, 16_000]), 'o200k_base');
    expect(high.calibration).toBeNull();
    expect(high.calibrationNote).toMatch(/^No calibration: logged usage grows 1\.70× as fast as the transcript's content, above the 0\.8–1\.6 of any current tokenizer: the source does not hold everything the model saw/);
    expect(fitLoggedUsage(line(1.55, [1_000, 2_000, 4_000, 8_000, 16_000]), 'o200k_base').calibration?.ratio).toBeCloseTo(1.55, 6);
  });

  it('on Claude Code tool_heavy (4 calls fit 1.653, where the same model over 157 calls fits 1.354): no calibration', async () => {
    const { calls, fit } = await fixtureFit('claude-code__tool_heavy.jsonl');
    expect(calls).toHaveLength(4);
    expect(fit.calibration).toBeNull();
    expect(fit.calibrationNote).toMatch(/only 4 logged calls/);
  });

  it('on a real OpenHands claude-3-5-sonnet run: what the last call saw, by our count, is not above what the provider logged', async () => {
    // Counting the diff an edit event shows the user (the whole created file again) put ours 17 % above the log.
    const { calls, fit } = await fixtureFit('openhands__runtime-trajs-basic.json');
    const last = calls.at(-1);
    expect(last?.loggedTokens).toBe(4_646);
    const ours = (last?.ourTokens ?? 0) + fit.overhead.tokens;
    expect(ours).toBeLessThanOrEqual(4_646);
    expect(ours).toBeGreaterThan(4_646 * 0.9);
  });

  it('with one logged call (Gemini CLI): the overhead from that call, no calibration', async () => {
    const { fit } = await fixtureFit('gemini-cli__session-01.json');
    expect(fit.overhead).toMatchObject({ method: 'smallest-calls', tokens: 4_375, calls: 1 });
    expect(fit.calibrationNote).toMatch(/only 1 logged call/);
  });

  it('with nothing logged (SWE-agent): overhead 0, said so, and no calibration', async () => {
    const { fit } = await fixtureFit('swe-agent-fc__marshmallow-code__marshmallow-1867.traj');
    expect(fit.overhead).toMatchObject({ method: 'none', tokens: 0, calls: 0 });
    expect(fit.overhead.note).toMatch(/logged no per-call usage/);
    expect(fit.calibration).toBeNull();
  });

  it('on an OpenAI model counted in its own encoding (Inspect, gpt-4o-mini): a ratio near 1', async () => {
    const { fit } = await fixtureFit('inspect-ai__2025-05-12T20-27-36-04-00_browser.json');
    expect(fit.calibration?.ratio).toBeGreaterThan(0.98);
    expect(fit.calibration?.ratio).toBeLessThan(1.03);
  });
});

describe('context basis', () => {
  const fit = fitLoggedUsage([1_000, 2_000, 4_000, 6_000, 9_000].map((ourTokens, index) => ({ messageIndex: index, ourTokens, loggedTokens: 2_000 + 1.5 * ourTokens })), 'o200k_base');

  it('adds the overhead in the encoding, or scales the content and adds the provider overhead when calibrated', () => {
    expect(contextFigure(contextBasis('o200k_base', fit), 10_000)).toEqual({ tokens: 10_000 + 1_333 });
    expect(contextFigure(contextBasis('o200k_base', fit, true), 10_000)).toEqual({ tokens: 17_000, range: { low: 17_000, high: 17_000 } });
  });

  it('falls back to the encoding when asked to calibrate without a calibration', () => {
    expect(contextBasis('cl100k_base', undefined, true)).toEqual({ kind: 'encoding', encoding: 'cl100k_base', overheadTokens: 0 });
  });
});
