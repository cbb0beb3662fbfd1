import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { exportOpenAiChat } from '../../engine';
import type { Message, Transcript } from '../../engine/transcript';
import { generateAgentCorpus } from '../agent-corpus';

/** A transcript file written for the page to upload. */
export interface BenchFile {
  path: string;
  messageCount: number;
  characterCount: number;
  byteLength: number;
}

/** The transcripts the UI benchmark loads: a large one (≥ 1 M tokens) and a small baseline of the same make-up. */
export interface BenchFiles {
  large: BenchFile;
  small: BenchFile;
  /** One message of 1 MB without a space (e2e/pathological.spec.ts's input), the tokenizer's worst case. */
  noSpaces: BenchFile;
}

/** One speaker label and a 1 MB run of letters without spaces, as e2e/pathological.spec.ts uploads it. */
function writeNoSpaces(directory: string): BenchFile {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const parts = ['User:\n'];
  let length = parts[0].length;
  for (let index = 0; length < 1_000_000; index += 1) {
    const run = letters[(index * 7) % 26].repeat(1 + (index % 5));
    parts.push(run);
    length += run.length;
  }
  const text = parts.join('');
  const filePath = path.join(directory, 'no-spaces.txt');
  writeFileSync(filePath, text);
  return { path: filePath, messageCount: 1, characterCount: text.length, byteLength: Buffer.byteLength(text) };
}

const systemPrompt = 'You are a coding agent working in a TypeScript repository. Use the tools to read, search and run commands.';

function writeCorpus(directory: string, name: string, minChars: number): BenchFile {
  const corpus = generateAgentCorpus(minChars);
  const system: Message = { id: 'system', role: 'system', origin: 'injected', blocks: [{ kind: 'text', text: systemPrompt }], sourceRef: { index: -1 }, raw: null };
  const transcript: Transcript = { id: name, source: { format: 'openai-chat' }, system, messages: corpus.messages, markers: [], meta: {} };
  const text = JSON.stringify(exportOpenAiChat(transcript));
  const filePath = path.join(directory, name);
  writeFileSync(filePath, text);
  return { path: filePath, messageCount: corpus.messages.length, characterCount: corpus.characterCount, byteLength: Buffer.byteLength(text) };
}

/**
 * Writes both transcripts as OpenAI Chat Completions JSON (the generated agent corpus exported by the app's own
 * exporter, so the page imports exactly what the engine benchmarks run on). 4.6 M characters is a little over 1 M
 * o200k tokens; the small file is 1/200 of that.
 */
export function writeBenchFiles(directory: string, largeChars = 4_600_000): BenchFiles {
  return {
    large: writeCorpus(directory, 'large-agent-transcript.json', largeChars),
    small: writeCorpus(directory, 'small-agent-transcript.json', Math.round(largeChars / 200)),
    noSpaces: writeNoSpaces(directory),
  };
}
