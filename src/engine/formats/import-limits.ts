import { groupDigits } from '../group-digits';
/** Largest input we accept, in bytes. Past this a browser tab runs out of memory before the user sees anything useful. */
export const MAX_INPUT_BYTES = 256 * 1024 * 1024;

/**
 * Most lines we read. Every line costs the parser and the detectors a fixed amount however short it is, so 10 MB of
 * two-character lines (3.5 million) took many seconds only to be refused as no format. Real transcripts stay far
 * below: a 256 MB Claude Code session has a few hundred thousand lines, a long plain-text paste a few hundred thousand.
 */
export const MAX_INPUT_LINES = 1_000_000;

/** Whether `text` has more than MAX_INPUT_LINES lines; counts with indexOf and stops at the limit, so it stays cheap. */
function hasTooManyLines(text: string): boolean {
  let breaks = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    breaks += 1;
    if (breaks > MAX_INPUT_LINES) return true;
  }
  // A final line break ends the last line rather than opening another.
  return breaks === MAX_INPUT_LINES && !text.endsWith('\n');
}

/** How much of the head we scan for NUL and control characters to decide that a file is binary. */
const BINARY_SNIFF_BYTES = 8192;

/** How many windows, spread over the rest of a long input, confirm that a binary-looking head is not a text file's. */
const BODY_SAMPLE_COUNT = 8;
const BODY_SAMPLE_CHARACTERS = 1024;

/** Share of NUL, control or undecodable characters above which a stretch of input is binary, not text. */
const BINARY_SHARE = 0.1;

/** True when over BINARY_SHARE of the characters are NUL, control (tab and line ends aside) or U+FFFD. */
function looksBinary(sample: string): boolean {
  let oddCount = 0;
  for (let index = 0; index < sample.length; index += 1) {
    const code = sample.charCodeAt(index);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 0xfffd) oddCount += 1;
  }
  return oddCount > sample.length * BINARY_SHARE;
}

/** Windows spread evenly over the input after its head, joined. */
function bodySamples(text: string): string {
  const span = text.length - BINARY_SNIFF_BYTES;
  return Array.from({ length: BODY_SAMPLE_COUNT }, (_, index) => {
    const start = BINARY_SNIFF_BYTES + Math.floor((span * index) / BODY_SAMPLE_COUNT);
    return text.slice(start, start + BODY_SAMPLE_CHARACTERS);
  }).join('');
}

/**
 * Says why an input cannot be imported before any parsing happens (too big, too many lines, binary), or undefined when
 * it may proceed. Counts line breaks up to the limit and looks at a few kilobytes, so it is cheap on huge input. A file is binary only when it is mostly binary: its
 * head and samples of its body; a NUL byte or a stretch of junk in one line of a text file costs that line (the
 * parser skips it, located), never the file.
 */
export function refuseInput(text: string, byteLength = text.length): string | undefined {
  if (byteLength > MAX_INPUT_BYTES) {
    return `File too large: ${formatMegabytes(byteLength)} exceeds the ${formatMegabytes(MAX_INPUT_BYTES)} limit.`;
  }
  if (text.trim() === '') return 'The input is empty.';
  if (hasTooManyLines(text)) {
    return `Too many lines: the input has more than ${groupDigits(MAX_INPUT_LINES)} lines (the limit). Real transcripts have far fewer; split the file if it really is one.`;
  }
  const isBinary = looksBinary(text.slice(0, BINARY_SNIFF_BYTES)) && (text.length <= BINARY_SNIFF_BYTES || looksBinary(bodySamples(text)));
  if (isBinary) {
    return `This looks like a binary file (over ${BINARY_SHARE * 100}% NUL, control or undecodable characters), not a transcript.`;
  }
  return undefined;
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}
