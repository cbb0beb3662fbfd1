import type { HarnMessage } from './harn-message';
import type { StrategyOutput } from './strategy-output';
import { defaultSummarizePrompt } from './summarize-prompt';
import { truncateSummary } from './truncate';

/** `ROLE: content` lines joined by `\n` (upper-cased role, USER when missing, empty content allowed). */
export function formatCompactionMessages(messages: readonly HarnMessage[]): string {
  return messages.map((message) => `${(message.role || 'user').toUpperCase()}: ${message.content}`).join('\n');
}

/**
 * Renders a summarize-prompt template with the seed's two bindings, `{{formatted_messages}}` and
 * `{{archived_count}}` (Harn template syntax; spaces inside the braces allowed). Seed 3 loads the template from an
 * asset path; here the config carries the template text itself. Unknown placeholders are left as written.
 */
export function renderSummarizePrompt(template: string | undefined, formatted: string, archivedCount: number): string {
  const source = template && template.trim().length > 0 ? template : defaultSummarizePrompt;
  return source.replace(/\{\{\s*(formatted_messages|archived_count)\s*\}\}/g, (_match, name: string) =>
    name === 'archived_count' ? String(archivedCount) : formatted,
  );
}

/**
 * Turns the summarizer's answer into the summary (spec §3.5): `[auto-compacted {N} older messages]\n{trimmed}`,
 * or, when the trimmed answer is empty, the truncate body under the LLM-fallback header.
 */
export function llmSummaryFromAnswer(answer: string, archived: readonly HarnMessage[], archivedCount: number): StrategyOutput & { isEmptyFallback: boolean } {
  const trimmed = answer.trim();
  if (trimmed.length === 0) return { ...truncateSummary(archived, archivedCount, true), isEmptyFallback: true };
  return {
    text: `[auto-compacted ${archivedCount} older messages]\n${trimmed}`,
    archivedFates: archived.map(() => 'summarized'),
    isEmptyFallback: false,
  };
}
