import { maskSecretsIn } from '../engine/secrets';

/**
 * Characters a terminal may act on rather than show: C0 controls (escape sequences start with ESC), DEL, C1 controls
 * (U+009B is a one-character CSI), the line and paragraph separators, and the bidirectional overrides and isolates
 * that can make a line read differently from what it holds. Newline and tab are handled by the callers.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are what gets escaped
const actingCharacters = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** `\u001b` for ESC: readable on a terminal, and a valid escape inside a JSON string, where these can only appear. */
function escaped(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * Text safe to print: every key-shaped part masked, and every character a terminal could act on written as a `\uXXXX`
 * escape, so bytes from a file never reach the terminal raw. Newlines and tabs stay (tables and JSON use them). On
 * `JSON.stringify` output the result is still the same JSON: raw controls there can only sit inside strings, and a
 * masked key is plain text.
 */
export function printable(text: string): string {
  return maskSecretsIn(text).replace(actingCharacters, escaped);
}

/** One line for stderr: as `printable`, with newlines and tabs escaped too, so a file name or quoted input cannot break it. */
export function printableLine(text: string): string {
  return printable(text).replace(/[\n\t]/g, escaped);
}

/** A piece of user input quoted in a message: masked, escaped and cut short, so an error line never carries a payload. */
export function quoted(text: string, maximumLength = 60): string {
  const line = printableLine(text);
  return `"${line.length > maximumLength ? `${line.slice(0, maximumLength)}…` : line}"`;
}
