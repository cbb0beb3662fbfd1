import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Transcript, Usage } from '../transcript/model';
import { copyFixture, objectsInside, recordedFixtures, serialize } from './hostile-records.test-support';
import type { ImportResult } from './import-report';
import { importText } from './import-text';
import { MAX_CALL_TOKENS, MAX_TOTAL_TOKENS, TokenFigures } from './usage';

/** Keys under which some format logs a token count. */
const TOKEN_KEY = /tokens|Tokens|TokenCount|^(input|output|cached|thoughts|tool|total)$|model_context_window/;
/** Values no provider logs as a token count; `1e400` reaches the importer as Infinity. */
const HOSTILE_FIGURES = ['-5000', '1e308', '1e400', '12.5', '-1', '9007199254740993', '1000000000'];

function isSaneCount(figure: number | undefined, limit: number): boolean {
  return figure === undefined || (Number.isSafeInteger(figure) && figure >= 0 && figure <= limit);
}

/** Every figure the model and the logged-usage totals carry is a whole, non-negative, plausible count. */
function expectSaneUsage(transcripts: readonly Transcript[]): void {
  for (const transcript of transcripts) {
    for (const message of transcript.messages) {
      for (const [field, figure] of Object.entries(message.usage ?? {}) as [keyof Usage, number | undefined][]) {
        expect(isSaneCount(figure, MAX_CALL_TOKENS * 3), `${message.id} usage.${field} = ${figure}`).toBe(true);
      }
    }
    const logged = transcript.meta.loggedUsage;
    expect(isSaneCount(logged?.lastContextTokens, MAX_CALL_TOKENS * 3), 'lastContextTokens').toBe(true);
    expect(isSaneCount(logged?.contextWindow, MAX_CALL_TOKENS), 'contextWindow').toBe(true);
    expect(isSaneCount(logged?.totalInputTokens, MAX_TOTAL_TOKENS * 3), 'totalInputTokens').toBe(true);
    expect(isSaneCount(logged?.totalOutputTokens, MAX_TOTAL_TOKENS * 3), 'totalOutputTokens').toBe(true);
    for (const marker of transcript.markers) {
      expect(isSaneCount(marker.tokensBefore, MAX_CALL_TOKENS) && isSaneCount(marker.tokensAfter, MAX_CALL_TOKENS)).toBe(true);
    }
  }
}

function refusals(result: ImportResult): string[] {
  return result.report.warnings.filter((issue) => issue.message.includes('not a plausible token count')).map((issue) => issue.message);
}

describe('TokenFigures', () => {
  it('keeps whole counts from 0 to the limit and refuses, by name and value, everything else', () => {
    const figures = new TokenFigures();
    const record = { a: 0, b: 1234, c: -5000, d: 1e308, e: Number.POSITIVE_INFINITY, f: 12.5, g: MAX_CALL_TOKENS + 1, h: '17', i: null };
    expect(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'missing'].map((field) => figures.read(record, field))).toEqual([
      0, 1234, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined,
    ]);
    expect(figures.read(record, 'g', MAX_TOTAL_TOKENS)).toBe(MAX_CALL_TOKENS + 1);
    expect(figures.refused).toEqual(['c = -5000', 'd = 1e+308', 'e = Infinity', 'f = 12.5', `g = ${MAX_CALL_TOKENS + 1}`]);
    expect(figures.issues({ line: 3 })).toEqual([{ message: expect.stringContaining('c = -5000, d = 1e+308'), line: 3 }]);
    expect(new TokenFigures().issues({ line: 3 })).toEqual([]);
  });
});

const claudeLine = (usage: string) =>
  `{"type":"assistant","sessionId":"s1","uuid":"a1","parentUuid":"u1","message":{"id":"m1","role":"assistant","model":"claude-sonnet-4-5","content":[{"type":"text","text":"done"}],"usage":${usage}}}`;

/** One assistant reply whose usage holds `bad` in its input figure and a good output figure, in every format with usage. */
function withBadInput(bad: string): Record<string, string> {
  return {
    'claude-code': ['{"type":"user","sessionId":"s1","uuid":"u1","parentUuid":null,"message":{"role":"user","content":"go"}}', claudeLine(`{"input_tokens":${bad},"cache_read_input_tokens":100,"output_tokens":7}`)].join('\n'),
    'anthropic-messages': `{"system":"s","messages":[{"role":"user","content":"go"},{"role":"assistant","content":[{"type":"text","text":"done"}],"usage":{"input_tokens":${bad},"cache_read_input_tokens":100,"output_tokens":7}}]}`,
    'openai-chat': `{"messages":[{"role":"user","content":"go"},{"role":"assistant","content":"done","usage":{"prompt_tokens":${bad},"completion_tokens":7}}]}`,
    'openai-responses': `{"input":[{"type":"message","role":"user","content":[{"type":"input_text","text":"go"}]}],"output":[{"type":"message","role":"assistant","content":[{"type":"output_text","text":"done"}]},{"type":"reasoning","summary":[]}],"usage":{"input_tokens":${bad},"output_tokens":7}}`,
    codex: [
      '{"type":"session_meta","payload":{"id":"c1"}}',
      '{"type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"go"}]}}',
      '{"type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"done"}]}}',
      `{"type":"event_msg","payload":{"type":"token_count","info":{"last_token_usage":{"input_tokens":100,"output_tokens":${bad}},"total_token_usage":{"input_tokens":${bad},"output_tokens":7},"model_context_window":${bad}}}}`,
    ].join('\n'),
    'gemini-contents': `{"contents":[{"role":"user","parts":[{"text":"go"}]}],"candidates":[{"content":{"role":"model","parts":[{"text":"done"}]}}],"usageMetadata":{"promptTokenCount":${bad},"candidatesTokenCount":7}}`,
    'gemini-cli': `{"sessionId":"g1","messages":[{"id":"m0","type":"user","content":"go"},{"id":"m1","type":"gemini","content":"done","tokens":{"input":${bad},"output":7,"total":107}}]}`,
    langchain: `[{"type":"human","data":{"content":"go"}},{"type":"ai","data":{"content":"done","usage_metadata":{"input_tokens":${bad},"output_tokens":7,"total_tokens":107}}}]`,
  };
}

describe('negative, non-finite and absurd usage is left out with a located warning (issue 14 item 7)', () => {
  for (const bad of ['-5000', '1e308', '1e400', '12.5']) {
    for (const [format, text] of Object.entries(withBadInput(bad))) {
      it(`${format}: a usage figure of ${bad}`, () => {
        const result = importText(text);
        expect(result.report.format).toBe(format);
        expect(result.transcripts).toHaveLength(1);
        expectSaneUsage(result.transcripts);
        const [warning] = refusals(result);
        expect(warning).toBeDefined();
        const issue = result.report.warnings.find((candidate) => candidate.message === warning);
        expect(issue?.line !== undefined || issue?.path !== undefined, 'the warning says where').toBe(true);
        // The good figure beside the bad one is kept.
        const usages = result.transcripts[0].messages.flatMap((message) => (message.usage ? [message.usage] : []));
        if (format !== 'codex') expect(usages.some((usage) => usage.outputTokens === 7)).toBe(true);
      });
    }
  }

  it('a refused part of the context leaves the context figure out rather than understating it', () => {
    const result = importText(withBadInput('-5000')['claude-code']);
    const [assistant] = result.transcripts[0].messages.filter((message) => message.role === 'assistant');
    expect(assistant.usage).toMatchObject({ cacheReadTokens: 100, outputTokens: 7 });
    expect(assistant.usage?.inputTokens).toBeUndefined();
    expect(assistant.usage?.contextTokens).toBeUndefined();
  });
});

describe('hostile usage figures anywhere in a real file never reach the model or the logged totals', () => {
  for (const fixture of recordedFixtures()) {
    const tokenSlots = (value: unknown) =>
      objectsInside(value).flatMap((record) => Object.keys(record).filter((key) => TOKEN_KEY.test(key) && typeof record[key] === 'number').map((key) => ({ record, key })));
    if (tokenSlots(fixture.root).length === 0) continue;
    it(`${fixture.name}`, () => {
      fc.assert(
        fc.property(fc.array(fc.tuple(fc.nat(), fc.constantFrom(...HOSTILE_FIGURES)), { minLength: 1, maxLength: 6 }), (hits) => {
          const copy = copyFixture(fixture);
          const slots = tokenSlots(copy.root);
          const markers = hits.map(([pick, figure], index) => {
            const { record, key } = slots[pick % slots.length];
            record[key] = `__figure_${index}__`;
            return [`"__figure_${index}__"`, figure] as const;
          });
          const text = markers.reduce((current, [marker, figure]) => current.split(marker).join(figure), serialize(copy));
          const result = importText(text, { fileName: fixture.name });
          expect(result.report.errors.find((issue) => issue.message.includes('importer failed'))?.message).toBeUndefined();
          expectSaneUsage(result.transcripts);
        }),
        { seed: 1477, numRuns: serialize(fixture).length > 1_000_000 ? 2 : 10 },
      );
    });
  }
});
