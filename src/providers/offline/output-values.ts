/**
 * Values a tool printed that a reader may need to type again: URLs, `host:port` addresses and version numbers. One the
 * agent went on to type itself (in its prose or a later tool call) was evidently copied out of the output, and is
 * worth more than one only seen.
 */

/** A value seen in tool output, and whether the agent typed it after seeing it. */
export interface OutputValue {
  value: string;
  isCopied: boolean;
}

// A URL ends at whitespace, a quote, a bracket, a comma or an escape (`\r\n` in JSON-escaped output).
const urlPattern = /https?:\/\/[^\s<>"'`)\]},\\]+/g;
const hostPortPattern = /(?<![\w.:/-])(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|[a-z][\w-]*(?:\.[a-z][\w-]*)+):\d{2,5}(?![\w:])/g;
// `cleanup.go:62` is a file and a line, not a host and a port.
const fileAndLine = /\.(?:[cmt]?[jt]sx?|go|py|rs|exs?|rb|java|kt|swift|cs|cpp|cc|[ch]|md|json|ya?ml|toml|sh|txt|log|lock|heex|erl|php|sql|html?|css|vue):\d+$/;
const versionPattern = /(?<![\w.\-/])v?\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?(?![\w.])/g;

/** At most this many values are read from one output (a listing of URLs is data, not values to copy). */
const perOutput = 4;
/** At most this many values are tracked in all. */
const maxValues = 300;

/** The URLs, `host:port` addresses and versions a text holds, in order, each once, the most telling first. */
function valuesIn(text: string): string[] {
  const urls = [...text.matchAll(urlPattern)].map((match) => match[0].replace(/[.,;:!?]+$/, ''));
  const hosts = [...text.matchAll(hostPortPattern)].map((match) => match[0]).filter((host) => !fileAndLine.test(host) && !urls.some((url) => url.includes(host)));
  const versions = [...text.matchAll(versionPattern)].map((match) => match[0]);
  return [...new Set([...urls, ...hosts, ...versions])].filter((value) => value.length <= 200);
}

/** Collects values from tool output and marks those the agent types afterwards. */
export class OutputValues {
  private readonly values = new Map<string, OutputValue>();

  /** Reads one tool result (its head: values that matter are printed early). */
  noteOutput(text: string): void {
    for (const value of valuesIn(text.slice(0, 4000)).slice(0, perOutput)) {
      if (this.values.size >= maxValues) return;
      if (!this.values.has(value)) this.values.set(value, { value, isCopied: false });
    }
  }

  /** Reads text the agent wrote (prose or a tool call): any value seen before and found here was copied. */
  noteTyped(text: string): void {
    for (const entry of this.values.values()) if (!entry.isCopied && text.includes(entry.value)) entry.isCopied = true;
  }

  /** Every value, in the order first seen. */
  list(): OutputValue[] {
    return [...this.values.values()];
  }
}
