import type { Message } from '../engine/transcript';
import { messageText } from '../engine';
import { summarizeOffline } from '../providers/offline/offline-summarizer';
import { generateAgentCorpus } from './agent-corpus';
import { formatMs, formatTable, print, timeSync } from './timing';

/** A plain `[Role]: text` serialization, the shape the seeds' prompts embed. */
function serialize(messages: readonly Message[]): string {
  return messages.map((message) => `[${message.role === 'tool' ? 'Tool result' : message.role === 'user' ? 'User' : 'Assistant'}]: ${messageText(message)}`).join('\n\n');
}

function medianMs(work: () => unknown): number {
  const times = [0, 1, 2].map(() => timeSync(work).durationMs).sort((a, b) => a - b);
  return times[1];
}

/**
 * The offline extractive summarizer alone, on prompts of ¼, ½ and 1 M tokens and on hostile single lines.
 * Growth compares each size with the one before (2.0× is linear on twice the input).
 */
export async function runOfflineSummarizerBench(): Promise<void> {
  const rows: string[][] = [];
  let previousMs: number | undefined;
  for (const size of [1_150_000, 2_300_000, 4_600_000]) {
    const prompt = serialize(generateAgentCorpus(size).messages);
    summarizeOffline({ system: '', prompt });
    const durationMs = medianMs(() => summarizeOffline({ system: '', prompt }));
    const summary = summarizeOffline({ system: '', prompt });
    rows.push([`${(prompt.length / 1_000_000).toFixed(1)} M chars`, formatMs(durationMs), previousMs === undefined ? '—' : `${(durationMs / previousMs).toFixed(2)}×`, `${summary.length.toLocaleString('en-US')} chars`]);
    previousMs = durationMs;
  }
  const hostile = [`[Assistant]: ${'`a'.repeat(200_000)}`, `[Tool result]: ${'Error'.repeat(200_000)}`, `[User]: ${'a'.repeat(1_000_000)}`].join('\n\n');
  rows.push([`hostile lines, ${(hostile.length / 1_000_000).toFixed(1)} M chars`, formatMs(medianMs(() => summarizeOffline({ system: '', prompt: hostile }))), '—', '']);
  print('Offline summarizer alone (median of 3 warm runs):');
  print(formatTable(['prompt', 'time', 'growth', 'summary'], rows));
}
