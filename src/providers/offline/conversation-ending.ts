import { clipItem } from './bounded-items';
import type { Turn } from './conversation-turns';
import { withoutMarkers } from './masking-markers';
import { splitSentences } from './sentence-signals';
import { looksLikeAdkCall } from './tool-call-parser';

/**
 * How the summarized part ends: on the agent's own reply (its turn over, nothing running: the user speaks next) or in
 * the middle of work (a tool call or result, a user's message not yet answered).
 */
export interface ConversationEnding {
  /** The part ends on the agent's prose reply, after its last tool call and the user's last message. */
  isReplied: boolean;
  /** The reply's last words (a question or an offer when it ends on one), cut at a sentence or word boundary. */
  closing?: string;
}

const closingChars = 280;
// A closing question this short ("Want me to do that?") leans on the sentence before it.
const shortQuestionChars = 80;

/** Reads the end of the conversation: which turn came last, and the last sentences of the agent's reply when it did. */
export function conversationEnding(turns: readonly Turn[]): ConversationEnding {
  const last = [...turns].reverse().find((turn) => turn.role !== 'thinking' && turn.role !== 'system' && turn.lines.some((line) => line.trim().length > 0));
  if (last?.role !== 'assistant') return { isReplied: false };
  // The ADK seed's `qa` text and Harn's list with its tool calls summarized write a turn's calls as `Name {json}` lines
  // inside the assistant's turn: a turn that ends on one ends mid-work (its result not seen yet), and none is prose.
  const lastLine = last.lines.findLast((line) => line.trim().length > 0);
  if (lastLine !== undefined && isCallLine(lastLine)) return { isReplied: false };
  const lines = proseOf(last.lines);
  // A reply that ends on a list (files touched, results) is closed by its last plain sentence, the list's lead-in
  // unless a question follows it; a list item alone is a fragment.
  const plain = lines.filter((line) => !line.isListItem);
  const closingLine = plain[plain.length - 1] ?? lines[lines.length - 1];
  const sentences = closingLine === undefined ? [] : splitSentences(closingLine.text).filter((sentence) => sentence.length > 0);
  const final = sentences[sentences.length - 1];
  if (final === undefined) return { isReplied: false };
  const before = sentences[sentences.length - 2];
  const closing = final.endsWith('?') && final.length < shortQuestionChars && before !== undefined ? `${before} ${final}` : final;
  return { isReplied: true, closing: clipItem(closing, closingChars) };
}

/** A serialized tool call written on a line of the assistant's turn (`Read {"file_path":…}`). */
function isCallLine(line: string): boolean {
  return looksLikeAdkCall(withoutMarkers(line).trim());
}

/**
 * The reply's prose lines, each marked when it is a list item: code blocks, tables, headings, rules and tool-call
 * lines left out.
 */
function proseOf(lines: readonly string[]): Array<{ text: string; isListItem: boolean }> {
  const prose: Array<{ text: string; isListItem: boolean }> = [];
  let isInFence = false;
  for (const raw of lines) {
    if (/^\s*```/.test(raw)) {
      isInFence = !isInFence;
      continue;
    }
    const line = withoutMarkers(raw).trim();
    if (isInFence || line.length === 0 || /^(?:#|\||-{3,}|\*{3,}|_{3,})/.test(line) || looksLikeAdkCall(line)) continue;
    const item = /^(?:[-*+]|\d{1,3}[.)])\s+/.exec(line);
    prose.push({ text: (item ? line.slice(item[0].length) : line).replace(/\*\*/g, ''), isListItem: item !== null || /^\s/.test(raw) });
  }
  return prose;
}
