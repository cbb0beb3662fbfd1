import type { TokenCounter } from './token-counter';

/** Texts shorter than this are counted whole: the bookkeeping would cost more than it saves. */
const minimumLength = 16_384;
/** How far before a text's end its checkpoint is placed, so the next, longer text still starts with it. */
const checkpointDistance = 8_192;

const letter = /\p{L}/u;

/**
 * The last position at or before `limit` (and after `floor`) where a letter is followed by a space. Every tiktoken
 * encoding's pre-tokenizer ends a match there: each pattern that takes a letter takes only letters, marks or an
 * apostrophe contraction after it, so the match holding the letter stops at the space and the next one starts on it,
 * whatever follows. Counting the text before it and the text from it separately is then exact.
 */
function lastBoundary(text: string, limit: number, floor: number): number {
  for (let index = limit; index > floor; index--) if (text.charCodeAt(index) === 32 && letter.test(text[index - 1])) return index;
  return -1;
}

/**
 * A counter that counts a text which extends the previous long text it counted without counting the shared part
 * again: it keeps the count of the previous text up to a pre-token boundary (`lastBoundary`), and for a text that
 * starts with that part counts only what follows. Exact for the real encodings (a test compares it with the counter
 * on whole texts); an estimating counter is returned as it is. A session replay gives it to runs that rebuild their
 * request from the whole history every turn (ADK's rolling summary measures its older turns' text, which only grows).
 */
export function prefixCountingCounter(counter: TokenCounter): TokenCounter {
  if (counter.isEstimate) return counter;
  let known: { prefix: string; tokens: number } | undefined;
  return {
    encoding: counter.encoding,
    isEstimate: false,
    count(text) {
      if (text.length < minimumLength) return counter.count(text);
      const isExtension = known !== undefined && text.length > known.prefix.length && text.startsWith(known.prefix);
      const start = isExtension && known ? known.prefix.length : 0;
      const base = isExtension && known ? known.tokens : 0;
      const boundary = lastBoundary(text, text.length - checkpointDistance, start);
      if (boundary < 0) return base + counter.count(text.slice(start));
      const tokens = base + counter.count(text.slice(start, boundary));
      known = { prefix: text.slice(0, boundary), tokens };
      return tokens + counter.count(text.slice(boundary));
    },
  };
}
