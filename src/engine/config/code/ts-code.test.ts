import { describe, expect, it } from 'vitest';
import { compactionSystemPrompt } from '../../profiles/rolling-summary/compaction-system-prompt';
import { renderConfigCode, type ConfigCode } from './render-config-code';

function render(document: Record<string, unknown>, emitAll = false): ConfigCode {
  const rendered = renderConfigCode(document, 'ts', { emitAll });
  if ('issues' in rendered) throw new Error(JSON.stringify(rendered.issues));
  return rendered;
}

/** Evaluates the rendered object literal as JavaScript, with the host's two functions in scope. */
function evaluateOptions(code: string, summarize: unknown, estimateTokens: unknown): Record<string, unknown> {
  const match = /const options: AssembleCompactedTurnsOptions = (\{[\s\S]*?\n\});/.exec(code);
  if (!match) throw new Error('no options literal');
  return new Function('summarize', 'estimateTokens', `return (${match[1]});`)(summarize, estimateTokens) as Record<string, unknown>;
}

describe('TypeScript AssembleCompactedTurnsOptions snippet', () => {
  it('keeps every tuned value through the rendering, the host functions by reference', () => {
    const systemPrompt = 'Summarize "exactly";\nkeep `${paths}` and $HOME\u2028{{formatted_messages}} \\ </script>';
    const summarize = () => 'summary';
    const estimateTokens = () => 1;
    const options = evaluateOptions(
      render({ profile: 'rolling-summary', keepVerbatim: 4, summariseAtTokens: 8000, summaryMessageId: 'it\'s-"summary"', encoding: 'o200k_base', systemPrompt }).code,
      summarize,
      estimateTokens,
    );
    expect(options).toEqual({ summarize, estimateTokens, keepVerbatim: 4, summariseAtTokens: 8000, summaryMessageId: 'it\'s-"summary"', encoding: 'o200k_base', systemPrompt });
  });

  it('writes only the required functions for a default config, and every default with emitAll', () => {
    expect(Object.keys(evaluateOptions(render({ profile: 'rolling-summary' }).code, 1, 2))).toEqual(['summarize', 'estimateTokens']);
    const all = evaluateOptions(render({ profile: 'rolling-summary' }, true).code, 1, 2);
    expect(all).toMatchObject({ keepVerbatim: 2, summariseAtTokens: 2500, summaryMessageId: '__compact-summary', encoding: 'cl100k_base', systemPrompt: compactionSystemPrompt });
  });

  it('warns that a changed summary id must match thrift\'s predicate', () => {
    expect(render({ profile: 'rolling-summary', summaryMessageId: 'mine' }).notes.join(' ')).toMatch(/isSummaryMessage/);
  });

  it('says a non-ADK profile has no counterpart, keeping its values in comments', () => {
    const { code } = render({ profile: 'auto-compactor', reserveTokens: 1234 });
    expect(code).not.toMatch(/AssembleCompactedTurnsOptions =/);
    expect(code).toMatch(/^\/\/ reserveTokens: 1234 — no counterpart$/m);
  });
});
