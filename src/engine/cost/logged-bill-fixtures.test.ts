import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importText } from '../formats/import-text';
import { handPriceBook } from './hand-price-book.test-support';
import { loggedBill } from './logged-bill';

const root = path.join(import.meta.dirname, '..', '..', '..');

/** Every real Claude Code session in the repository: the compaction sessions, the transcripts fixtures and the samples. */
function claudeCodeFiles(): string[] {
  const folder = (relative: string, matches: (name: string) => boolean) =>
    readdirSync(path.join(root, relative)).filter(matches).map((name) => path.join(relative, name));
  return [
    ...folder('e2e/fixtures/compactions', (name) => name.endsWith('.jsonl')),
    ...folder('e2e/fixtures/transcripts', (name) => name.startsWith('claude-code__') && name.endsWith('.jsonl')),
    ...folder('public/samples', (name) => name.startsWith('claude-code-') && name.endsWith('.jsonl')),
  ];
}

/**
 * The bill computed straight from the file, apart from the importer: every assistant line with usage, one per
 * `message.id` (the last line's usage, which carries the final output count), priced by kind at the hand book's prices.
 */
function billFromLines(text: string): { usd: number; calls: number } {
  const usageById = new Map<string, { model: string; usage: Record<string, number> & { cache_creation?: Record<string, number> } }>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const record = JSON.parse(line);
    if (record.type !== 'assistant' || !record.message?.usage || record.message.model === '<synthetic>') continue;
    usageById.set(record.message.id, { model: record.message.model, usage: record.message.usage });
  }
  let usd = 0;
  for (const { model, usage } of usageById.values()) {
    const prices = handPriceBook.pricesFor(model)?.prices;
    if (!prices) throw new Error(`no hand price for ${model}`);
    const hour = usage.cache_creation?.ephemeral_1h_input_tokens ?? 0;
    const write = usage.cache_creation_input_tokens ?? 0;
    usd +=
      ((usage.input_tokens ?? 0) * prices.input +
        (write - hour) * (prices.cacheWrite ?? prices.input) +
        hour * (prices.cacheWriteHour ?? prices.input) +
        (usage.cache_read_input_tokens ?? 0) * (prices.cacheRead ?? prices.input) +
        (usage.output_tokens ?? 0) * prices.output) /
      1_000_000;
  }
  return { usd, calls: usageById.size };
}

describe('the logged bill on every real Claude Code session in the repository', () => {
  const files = claudeCodeFiles();

  it('finds the sessions', () => {
    expect(files.length).toBeGreaterThanOrEqual(17);
  });

  it.each(files)('%s: equals the cost computed straight from its usage lines, to the cent', (file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    const [transcript] = importText(text, { fileName: path.basename(file) }).transcripts;
    const bill = loggedBill(transcript, handPriceBook);
    const expected = billFromLines(text);
    expect(bill.calls).toBe(expected.calls);
    expect(bill.unknownModels).toEqual([]);
    expect(bill.totalUsd).not.toBeNull();
    expect(bill.totalUsd).toBeCloseTo(expected.usd, 2);
  });
});
