import { entropy, maskSecretsIn } from '../engine/config';

/** How many characters a name may have before it must read as SNAKE_CASE words to be taken for a variable's name. */
const longNameLength = 20;

/** `OPENAI_API_KEY`, `my_key_2`: one case throughout (a random word inside is `isRandomWord`'s to find). */
function isSnakeCase(name: string): boolean {
  return name === name.toUpperCase() || name === name.toLowerCase();
}

/**
 * A word (between underscores) that reads as random: letters and digits mixed over 12 characters or more, or 20 letters
 * and more, high in entropy (`A8F3K29DX7Q2`; not `PRODUCTION`, `EASTUS2` or `INTERNATIONALIZATION`).
 */
function isRandomWord(word: string): boolean {
  if (word.length >= 12 && /\d/.test(word) && /[A-Za-z]/.test(word) && entropy(word) >= 3.2) return true;
  return word.length >= 20 && entropy(word) >= 3.8;
}

/**
 * Whether a would-be environment variable name looks like a key pasted in its place, so that it must never be
 * echoed: a known key shape (`sk-…`, `ghp_…`, some of which are valid names too), a long name (20 characters and more)
 * that is not SNAKE_CASE words, or a random-looking word inside it. Ordinary names (`OPENAI_API_KEY`) are not.
 */
export function looksLikeKey(name: string): boolean {
  if (maskSecretsIn(name) !== name) return true;
  if (name.length >= longNameLength && !isSnakeCase(name)) return true;
  return name.split('_').some(isRandomWord);
}
