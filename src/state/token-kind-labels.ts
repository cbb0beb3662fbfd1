import type { TokenKind } from '../worker-client/run-protocol';

/** Each token kind in words, as the Tokens tab and the Diff's metric table name them. */
export const tokenKindLabels: Record<TokenKind, string> = {
  system: 'System prompt',
  user: 'User',
  assistant: 'Assistant (text, tool calls, thinking)',
  toolOutput: 'Tool outputs',
  summary: 'Summary',
  pinned: 'Pinned-operative block',
  marker: 'Trim markers and context notes',
};
