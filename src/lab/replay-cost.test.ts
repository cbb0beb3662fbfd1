import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importText, type PriceBook, type Transcript } from '../engine';
import { loadPriceBook } from '../providers/prices/price-book';
import { replayTranscript } from './replay';

const root = path.join(import.meta.dirname, '..', '..');
/** Every real Claude Code session in the repository: the compaction fixtures, the transcripts and the bundled samples. */
const claudeCodeFiles = [
  ...readdirSync(path.join(root, 'e2e', 'fixtures', 'compactions')).filter((name) => name.endsWith('.jsonl')).map((name) => path.join('e2e', 'fixtures', 'compactions', name)),
  ...readdirSync(path.join(root, 'e2e', 'fixtures', 'transcripts')).filter((name) => name.startsWith('claude-code__')).map((name) => path.join('e2e', 'fixtures', 'transcripts', name)),
  ...readdirSync(path.join(root, 'public', 'samples')).filter((name) => name.startsWith('claude-code-')).map((name) => path.join('public', 'samples', name)),
];

function transcriptOf(file: string): Transcript {
  return importText(readFileSync(path.join(root, file), 'utf8'), { fileName: path.basename(file) }).transcripts[0];
}

/** A replay under a window no session reaches: the policy never compacts, so only the agent's own behaviour is priced. */
async function costOf(transcript: Transcript, priceBook: PriceBook) {
  const replayed = await replayTranscript(transcript, { config: { profile: 'auto-compactor', window: 50_000_000 }, retention: false }, { prices: priceBook });
  if ('error' in replayed) throw new Error(replayed.error.message);
  if (!replayed.cost) throw new Error('no cost');
  return replayed.cost;
}

describe('the cache model checked on the agent itself, on every real Claude Code session in the repository', () => {
  it('finds 17 sessions', () => {
    expect(claudeCodeFiles).toHaveLength(17);
  });

  it('prices each session’s own calls within 40% of its logged input side (mean within 15%), and names a cause wherever it is more than 10% off', async () => {
    const book = await loadPriceBook();
    const ratios: number[] = [];
    for (const file of claudeCodeFiles) {
      const cost = await costOf(transcriptOf(file), book);
      const ratio = cost.agent.ratio;
      expect(ratio, file).not.toBeNull();
      if (ratio === null) continue;
      ratios.push(ratio);
      expect(Math.abs(ratio - 1), file).toBeLessThan(0.4);
      if (Math.abs(ratio - 1) > 0.1) expect(cost.agent.misses.length, file).toBeGreaterThan(0);
      expect(cost.pricesAsOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const mean = ratios.reduce((sum, ratio) => sum + ratio, 0) / ratios.length;
    expect(mean).toBeGreaterThan(0.85);
    expect(mean).toBeLessThan(1.15);
  }, 240_000);
});
