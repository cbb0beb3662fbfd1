import { describe, expect, it } from 'vitest';
import { message } from '../auto-compactor/auto-compactor.test-support';
import { leftOutMarker } from './summarizer-input-fit';
import { allStagesOff, conversation, pinLine, runUnifiedWith } from './unified.test-support';

const summaryOnly = { ...allStagesOff, summary: true };

describe('unified guards', () => {
  it('U20: a pass that saves under stallRatio and stays over the gate stops the run with the stall flag and a report', async () => {
    // Microcompaction to 3950 bytes of 4000-byte outputs saves about 4 %.
    const { result, events } = await runUnifiedWith(conversation(10, 4000), { config: { ...allStagesOff, toolOutputMaxChars: 3950 } });
    expect(result.passes).toHaveLength(1);
    const pass = result.passes[0];
    expect(pass.tokensAfter).toBeLessThan(pass.tokensBefore);
    expect(pass.flags).toEqual(['stall']);
    expect(pass.notices?.some((notice) => /^stall: pass 1 saved \d+\.\d% \(\d+ → \d+ tokens\), under the 5\.0% stall ratio/.test(notice))).toBe(true);
    expect(result.success).toBe(false);
    expect(result.error?.code).toBe('stall');
    expect(events.filter((event) => event.type === 'pass-start')).toHaveLength(1);
  });

  it('U21: with stallRatio 0 the same pass is not a stall and the run goes on', async () => {
    const { result } = await runUnifiedWith(conversation(10, 4000), { config: { ...allStagesOff, toolOutputMaxChars: 3950, stallRatio: 0 } });
    expect(result.passes[0].flags).toEqual([]);
    expect(result.passes[1].flags).toEqual(['no-work']);
  });

  it('U22: a pass that inflates the context stops the run with the inflation flag and keeps the pass input', async () => {
    const source = conversation(10);
    const { result } = await runUnifiedWith(source, { config: { ...summaryOnly, summarizerWindowTokens: 100_000 }, smol: [{ text: 'X'.repeat(40_000) }] });
    expect(result.passes).toHaveLength(1);
    const pass = result.passes[0];
    expect(pass.tokensAfter).toBeGreaterThan(pass.tokensBefore);
    expect(pass.flags).toContain('inflation');
    expect(pass.notices).toContain(`inflation: pass 1 grew the context from ${pass.tokensBefore} to ${pass.tokensAfter} tokens; the run stops and keeps the pass's input`);
    expect(result.messages.map((item) => item.id)).toEqual(source.map((item) => item.id));
    expect(result.tokensAfter).toBe(result.tokensBefore);
    expect(result.error?.code).toBe('inflation');
  });

  it('U23: the summarizer input is shrunk, oldest first, when it would not fit summarizerWindowTokens', async () => {
    const windowTokens = 1500;
    const { result, smol } = await runUnifiedWith(conversation(10, 2000, { pinInTurn: 1 }), { config: { ...summaryOnly, summarizerWindowTokens: windowTokens } });
    expect(smol.requests.length).toBeGreaterThan(0);
    for (const request of smol.requests) {
      // charsPerTokenCounter: ceil(chars / 4) for the system prompt and the prompt.
      expect(Math.ceil(request.system.length / 4) + Math.ceil(request.prompt.length / 4)).toBeLessThanOrEqual(windowTokens);
    }
    const history = smol.requests[0].prompt;
    expect(history.length).toBeLessThanOrEqual(4 * windowTokens);
    expect(history).toMatch(/^<conversation>\n\[\d+ older message\(s\) of the conversation were left out here/);
    expect(history).toContain(`[User]: request 1 ${'u'.repeat(380)}\n${pinLine}`);
    expect(history).not.toContain('[User]: request 2 ');
    expect(history).toContain('[Assistant]: reply 8 ');
    const notices = result.passes[0].notices ?? [];
    expect(notices.some((notice) => /^summarizer input shrunk to fit summarizerWindowTokens 1500: \d+ of \d+ conversation message\(s\) left out, oldest first \(pinned lines and the previous summary kept\), \d+ → \d+ tokens$/.test(notice))).toBe(true);
  });

  it('U24: the previous summary survives the input fit', async () => {
    const previous = message('user', [{ kind: 'text', text: 'The conversation history before this point was compacted into the following summary:\n\n<summary>\nEARLIER FACTS\n</summary>' }], { id: 'prior-summary', origin: 'summary' });
    const { smol } = await runUnifiedWith([previous, ...conversation(10)], { config: { ...summaryOnly, summarizerWindowTokens: 1500 } });
    const history = smol.requests[0].prompt;
    expect(history).toContain(leftOutMarker(Number(/\[(\d+) older/.exec(history)?.[1])));
    expect(history).toContain('<previous-checkpoint>\nEARLIER FACTS\n</previous-checkpoint>');
  });

  it('U25: an input that fits is sent unchanged and no notice is given', async () => {
    const { result, smol } = await runUnifiedWith(conversation(10), { config: { ...summaryOnly, summarizerWindowTokens: 100_000 } });
    expect(smol.requests[0].prompt).not.toContain('were left out here');
    expect((result.passes[0].notices ?? []).some((notice) => notice.startsWith('summarizer input shrunk'))).toBe(false);
  });
});
