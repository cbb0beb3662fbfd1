/** Largest input we accept, in bytes. Past this a browser tab runs out of memory before the user sees anything useful. */
export const MAX_INPUT_BYTES = 256 * 1024 * 1024;

/** How much of the head we scan for NUL and control bytes to decide that a file is binary. */
const BINARY_SNIFF_BYTES = 8192;

/**
 * Says why an input cannot be imported before any parsing happens (too big, binary), or undefined when it may proceed.
 * Works on the first characters only, so it is cheap on huge input.
 */
export function refuseInput(text: string, byteLength = text.length): string | undefined {
  if (byteLength > MAX_INPUT_BYTES) {
    return `File too large: ${formatMegabytes(byteLength)} exceeds the ${formatMegabytes(MAX_INPUT_BYTES)} limit.`;
  }
  if (text.trim() === '') return 'The input is empty.';
  const head = text.slice(0, BINARY_SNIFF_BYTES);
  let controlCount = 0;
  for (let index = 0; index < head.length; index += 1) {
    const code = head.charCodeAt(index);
    if (code === 0) return 'This looks like a binary file (it contains NUL bytes), not a transcript.';
    if (code < 32 && code !== 9 && code !== 10 && code !== 13) controlCount += 1;
    if (code === 0xfffd) controlCount += 1;
  }
  if (controlCount > head.length * 0.1) {
    return 'This looks like a binary file (over 10% control or undecodable characters), not a transcript.';
  }
  return undefined;
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}
