import { extractFacts, measureRetention, messageText } from '../engine';
import type { Transcript } from '../engine/transcript';
import { runCompaction } from '../lab/run-compaction';
import { generateAgentCorpus } from './agent-corpus';
import { formatMs, formatTable, print, timeSync } from './timing';

/** Configs that compact the 1 M-token corpus for real: a deterministic mask and a summary by the offline summarizer. */
const benchConfigs: Record<string, Record<string, unknown>> = {
  'two-tier observation-mask': { profile: 'two-tier', contextWindow: 200_000, compactStrategy: 'observation-mask' },
  'auto-compactor summary': { profile: 'auto-compactor', window: 200_000, estimator: 'exact' },
};

function medianMs(work: () => unknown): number {
  const times = [0, 1, 2].map(() => timeSync(work).durationMs).sort((a, b) => a - b);
  return times[1];
}

/**
 * The naive check the index replaces, on the whole corpus (a context that kept everything): join the message texts,
 * then one `indexOf` per fact (no normalization, no whole-word test).
 */
function naiveCheck(transcript: Transcript, facts: readonly { text: string }[]): number {
  const text = transcript.messages.map(messageText).join('\n');
  return facts.filter((fact) => text.indexOf(fact.text) >= 0).length;
}

/**
 * Fact retention (extraction, checking and flags) on the generated 1 M-token corpus, for each config's run. The
 * yardsticks run in the same process: one plain scan of the corpus (join its texts and lower-case them) and the
 * naive check (join the corpus's texts, one `indexOf` per fact).
 */
export async function runRetentionBench(): Promise<void> {
  const corpus = generateAgentCorpus();
  const transcript: Transcript = { id: 'bench', source: { format: 'plain-text' }, messages: corpus.messages, markers: [], meta: {} };
  const plainScanMs = medianMs(() => transcript.messages.map(messageText).join('\n').toLowerCase().length);
  const rows: string[][] = [];
  for (const [label, config] of Object.entries(benchConfigs)) {
    const result = await runCompaction(transcript, { config }, () => {});
    const last = result.passes[result.passes.length - 1];
    const compacted = last ? transcript.messages.filter((message) => last.fates[message.id]?.kind !== 'kept') : [];
    const extractMs = medianMs(() => extractFacts(compacted));
    const facts = extractFacts(compacted);
    measureRetention(transcript, result, []);
    const measureMs = medianMs(() => measureRetention(transcript, result, []));
    const measured = measureRetention(transcript, result, []);
    const naiveMs = medianMs(() => naiveCheck(transcript, facts));
    const report = measured[measured.length - 1]?.cumulative;
    rows.push([
      label,
      `${result.passes.length}`,
      `${compacted.length.toLocaleString('en-US')} / ${transcript.messages.length.toLocaleString('en-US')}`,
      `${facts.length.toLocaleString('en-US')}`,
      report ? `${(report.overall * 100).toFixed(1)}%` : '—',
      `${measured.reduce((sum, pass) => sum + pass.flags.length, 0)}`,
      formatMs(extractMs),
      formatMs(measureMs),
      `${(measureMs / plainScanMs).toFixed(1)}×`,
      `${(measureMs / naiveMs).toFixed(1)}×`,
    ]);
  }
  print(`Corpus: ${(corpus.characterCount / 1_000_000).toFixed(1)} M characters (about 1 M tokens), ${transcript.messages.length.toLocaleString('en-US')} messages.`);
  print(`Yardstick: one plain scan of the corpus (join + lower-case) took ${formatMs(plainScanMs)}. Times are medians of 3 warm runs.`);
  print(formatTable(['run', 'passes', 'compacted msgs', 'facts', 'kept', 'flags', 'extract only', 'measureRetention', 'vs plain scan', 'vs join + indexOf per fact'], rows));
  print('Target: measureRetention (extraction, checking, flags) under 2 s on the 1 M-token corpus.');
}
