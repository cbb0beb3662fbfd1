/** Token kinds a conversation state is broken down into, for the chart and the breakdown table. */
export const tokenKinds = ['system', 'user', 'assistant', 'toolOutput', 'summary', 'pinned', 'marker'] as const;

/**
 * One token kind: system prompt, user text, assistant text with its tool calls and thinking, tool outputs, summaries,
 * the pinned-operative carrier, and trim markers with injected context notes.
 */
export type TokenKind = (typeof tokenKinds)[number];
