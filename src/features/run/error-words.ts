import type { EngineErrorCode } from '../../engine';

/** A failure as the page says it: one plain line, and the technical text behind it for a disclosure. */
interface ErrorWords {
  line: string;
  /** The error's own text (class name, HTTP status, provider message), and its code when known. */
  detail: string;
}

/** Longest line a provider's own text gets in a status's words, before the rest is left to the detail. */
const maxLineChars = 160;

/** What an HTTP status means to someone running a compaction. */
function statusMeaning(status: number, providerText: string): string {
  if (status === 401 || status === 403) return 'the key was refused';
  if (status === 404) return 'no such model or endpoint (check the model id and the base URL)';
  if (status === 408) return 'the request timed out';
  if (status === 413) return 'the request was too large';
  if (status === 429) return 'too many requests (rate limited)';
  if (status >= 500) return 'the provider failed (a server error)';
  return providerText;
}

function shortened(text: string): string {
  return text.length > maxLineChars ? `${text.slice(0, maxLineChars - 1)}…` : text;
}

/**
 * A summarizer's or run's failure in one line of plain words, from the message a live provider or the engine wrote:
 * `HTTP 401 from api.example.com: …` reads "api.example.com answered HTTP 401: the key was refused", Node's
 * `connection refused by host` and the browser's diagnosed failures ("could not reach … — TypeError: Failed to fetch")
 * keep only their words. What is not recognized (the engine's own reasons) is given whole, without its class name. The detail keeps the
 * whole text; keys never reach either, since provider errors are scrubbed where they are made.
 */
export function errorInWords(message: string, code?: EngineErrorCode): ErrorWords {
  const detail = code === undefined ? message : `${message} (code ${code})`;
  const text = message.replace(/^(?:[A-Z]\w*(?:Error|Exception)|Error): /, '').trim();
  const http = /^HTTP (\d{3}) from (\S+?): ?(.*)$/.exec(text);
  if (http) {
    const status = Number(http[1]);
    return { line: shortened(`${http[2]} answered HTTP ${status}: ${statusMeaning(status, http[3] || 'no message')}`), detail };
  }
  const refused = /^connection refused by (\S+)/.exec(text);
  if (refused) return { line: `could not reach ${refused[1]}: connection refused (nothing is listening there)`, detail };
  const reset = /^connection reset by (\S+)/.exec(text);
  if (reset) return { line: `${reset[1]} dropped the connection before answering`, detail };
  // A diagnosed browser failure puts its words first and the browser's own text after a dash.
  const diagnosed = /^(could not reach .*?|\S+ answered, but the browser withheld the answer \(CORS\).*?) — /.exec(text);
  if (diagnosed) return { line: diagnosed[1], detail };
  const bare = /^(?:TypeError|provider error) from (\S+?): (?:Failed to fetch|fetch failed|NetworkError.*|Load failed)$/.exec(text);
  if (bare) return { line: `could not reach ${bare[1]}: the browser got no answer`, detail };
  return { line: text, detail };
}
