import { SeededRandom } from './seeded-random';

/** One megabyte of a single character class: the inputs that make every stock BPE library quadratic. */
export interface PathologicalInput {
  name: string;
  text: string;
  /** UTF-8 size. */
  byteCount: number;
}

const megabyte = 1 << 20;

function randomRun(random: SeededRandom, length: number, alphabetStart: number, alphabetSize: number): string {
  const codes = new Array<number>(length);
  for (let index = 0; index < length; index++) codes[index] = alphabetStart + Math.floor(random.next() * alphabetSize);
  let text = '';
  for (let start = 0; start < length; start += 8192) text += String.fromCharCode(...codes.slice(start, start + 8192));
  return text;
}

/** The pathological megabytes of the benchmark and the guard test (deterministic). */
export function pathologicalInputs(seed = 7): PathologicalInput[] {
  const random = new SeededRandom(seed);
  const letterRuns = Array.from({ length: megabyte / 16384 }, () => randomRun(random, 16383, 97, 26)).join('\n');
  const cjk = randomRun(random, Math.floor(megabyte / 3), 0x4e00, 20902);
  return [
    { name: '16K-letter runs (64 distinct, newline-separated)', text: letterRuns, byteCount: letterRuns.length },
    { name: 'CJK without spaces (1 MB UTF-8)', text: cjk, byteCount: cjk.length * 3 },
    { name: 'one letter repeated', text: 'a'.repeat(megabyte), byteCount: megabyte },
    { name: 'spaces', text: ' '.repeat(megabyte), byteCount: megabyte },
    { name: 'punctuation run', text: '=-'.repeat(megabyte / 2), byteCount: megabyte },
  ];
}
