import type { UpstreamDeviation } from '../upstream-deviation';

/**
 * Where the auto-compactor's estimate and summary sanitizer differ from upstream (token_estimation.dart,
 * summary_sanitizer.dart). The sanitizer has no entry here: its verb lists, claim shapes, note stripping, pin exemption
 * and stripped spans are reproduced exactly (tests S1–S41); where it runs is listed beside the profile's other
 * differences (it does not run again when a summary is only shown: D33).
 */
export const estimateSanitizerDeviations: readonly UpstreamDeviation[] = [
  {
    title: 'Stop reasons read from other harnesses’ logs',
    upstream:
      'token_estimation.dart (_assistantUsage) skips the usage of an assistant whose StopReason is error or aborted; the provider adapters (anthropic.dart, openai_completions.dart) turn a refusal, content_filter, sensitive or any unknown stop reason into error.',
    ours:
      'Importers record each format’s own stop reason as end, tool_use, length, content_filter, error, aborted or other, keeping the source value beside it; the anchor skips error, aborted, content_filter and other, which is the same set once upstream’s mapping is applied.',
    why: 'Imported transcripts carry the source’s words (end_turn, tool_calls, MAX_TOKENS, failed …), not upstream’s five-value enum.',
    test: 'E9, E13',
  },
  {
    title: 'No recorded stop reason counts as a finished call',
    upstream: 'Every AssistantMessage has a stopReason, so the anchor always knows whether the call failed.',
    ours:
      'Many logs record none (Claude Code writes stop_reason null on streamed lines, Gemini CLI and chat-only exports have no field); such a message with usage > 0 anchors, as one that stopped normally would.',
    why: 'Inventing a stop reason would be a guess; treating every unknown as failed would throw away the usage anchor of most real transcripts.',
    test: 'E14',
  },
  {
    title: 'Unanchored, the estimate leaves out the tools\' schemas',
    upstream: 'The newer estimateRequestTokens (the gate\'s basis) adds ceil((system prompt + every tool\'s name, description and JSON parameters) / 4) when no usage anchors the estimate.',
    ours: 'Only the system prompt\'s chars/4 is added: a recorded transcript carries no tool definitions, so their share of the request is missing from the gate\'s figure until a usage anchor supplies it.',
    why: 'The lab cannot count what the source did not record; the exact figures beside the gate\'s add the unstored overhead fitted from logged usage.',
    test: 'E19',
  },
  {
    title: 'System messages inside the list are charged chars/4',
    upstream: 'estimateTokens counts user, assistant and tool-result messages; any other kind estimates 0, and the system prompt is never in the list.',
    ours: 'A system or developer message that an imported transcript keeps in place among the turns is charged ceil(chars / 4) like any other message.',
    why: 'The model read those messages in the source run; leaving them out would understate the context the gate sees.',
    test: 'E15',
  },
];
