import { runBasisBench } from './basis-bench';
import { runCliBench } from './cli-bench';
import { runCliStartBench } from './cli-start-bench';
import { runCostBench } from './cost-bench';
import { runImportBench } from './import-bench';
import { runOfflineSummarizerBench } from './offline-summarizer-bench';
import { runProfileBench } from './profile-bench';
import { runQualityBench } from './quality-bench';
import { runReplayBench } from './replay-bench';
import { runRetentionBench } from './retention-bench';
import { runTokenBench } from './token-bench';
import { runWorkspaceBench } from './workspace-bench';
import { print } from './timing';

/** One benchmark section; later sections (compaction profiles, …) are added to `sections`. */
interface BenchSection {
  name: string;
  run: () => Promise<void>;
}

const sections: BenchSection[] = [
  { name: 'tokens', run: () => runTokenBench() },
  { name: 'import', run: () => runImportBench() },
  { name: 'profiles', run: () => runProfileBench() },
  { name: 'offline-summarizer', run: () => runOfflineSummarizerBench() },
  { name: 'retention', run: () => runRetentionBench() },
  { name: 'basis', run: () => runBasisBench() },
  { name: 'quality', run: () => runQualityBench() },
  { name: 'replay', run: () => runReplayBench() },
  { name: 'cost', run: () => runCostBench() },
  { name: 'cli', run: () => runCliBench() },
  { name: 'cli-start', run: () => runCliStartBench() },
  { name: 'workspace', run: () => runWorkspaceBench() },
];

/** `npm run bench` runs every section; `npm run bench -- tokens` only the named ones. */
async function main(selected: readonly string[]): Promise<void> {
  print(`Compaction Lab benchmarks — Node ${process.version}, ${process.platform}/${process.arch}`);
  for (const section of sections) {
    if (selected.length > 0 && !selected.includes(section.name)) continue;
    print();
    print(`### ${section.name}`);
    await section.run();
  }
}

await main(process.argv.slice(2));
