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
  };
}
