import { TokenCache } from '../engine';
import { labConfigDocument } from '../engine/headless';
import { replayTranscript } from '../lab/replay';
import { loadPriceBook } from '../providers/prices/price-book';
import { UsageError, type CommandLine } from './arguments';
import { createCliCallbackRunner, readCallbackBudget } from './callback-guard';
import type { CommandOutput } from './command-output';
import { createLiveSummarizers } from './provider-arguments';
import { readPricesOption } from './read-price-file';
import { readTranscriptFile, selectTranscript } from './read-transcript';
import { replayConsentRefusal, replayOutput } from './replay-output';
import { progressLine } from './replay-progress';
import { formatReplayTable } from './replay-table';
import { consentRefusal, readRunSettings, summarizerLabel } from './run-settings';
import { readEncoding } from './transcript-basis';

/**
 * `compaction-lab replay <transcript> [--profile p] [--config f] [--window N] [--set path=value]… [--json] [--run N]
 * [--encoding e] [--prices FILE] [--run-anyway] [--allow-callbacks [--callback-budget S]] [--smol …] [--main …] [--key-env VAR]`:
 * what the policy would have done over the whole session (`replayTranscript`) — every compaction it would have made,
 * with the totals, beside the compactions the agent itself made, and what the agent and the policy cost with prompt
 * caching (priced from the catalog, `@pydantic/genai-prices`, with `--prices` overrides on top). Settings are read and refused exactly as `compact`
 * reads them; a replay the lab refuses (callbacks without consent) exits 1 with one line naming the config, and one
 * whose callbacks spent their `--callback-budget` stops there and exits 1 with one line naming the field and the budget.
 */
export async function replayCommand(line: CommandLine): Promise<CommandOutput> {
  const file = line.operands[0];
  if (!file) throw new UsageError('replay needs a transcript: compaction-lab replay <transcript> [--profile auto-compactor|rolling-summary|two-tier|unified] [--window N]');
  const encoding = readEncoding(line.options.get('encoding'));
  const { config, configFile, runAnyway, setup } = await readRunSettings(line);
  const prices = await readPricesOption(line);
  const callbacks = createCliCallbackRunner(readCallbackBudget(line));
  const choice = setup && createLiveSummarizers(setup, process.env, () => undefined);
  const imported = await readTranscriptFile(file);
  const transcript = imported.transcripts[selectTranscript(line.options.get('run'), imported.transcripts.length)];
  const request = { config: labConfigDocument(config), encoding, runAnyway, allowCallbacks: line.options.has('allow-callbacks') };
  const progress = progressLine(process.stderr, 'silent');
  const onProgress = ({ done, total, compactions }: { done: number; total: number; compactions: number }) =>
    progress.update(`replay: ${done}/${total} messages · ${compactions} compaction${compactions === 1 ? '' : 's'}`, done, total);
  const priceBook = await loadPriceBook(prices);
  const outcome = await replayTranscript(transcript, request, { choice, cache: new TokenCache(), callbacks, onProgress, prices: priceBook }).finally(() => {
    progress.done();
    return callbacks.close();
  });
  if ('error' in outcome) {
    const { error } = outcome;
    return { stderr: consentRefusal(error, configFile) ?? `${file}: the replay did not run (${error.code}): ${error.message}`, exitCode: 1 };
  }
  const output = replayOutput(outcome.report, outcome.context, outcome.cost);
  const heading = { file, checkpointLabel: outcome.report.checkpointLabel, messages: transcript.messages.length, summarizer: summarizerLabel(setup), cancelled: outcome.report.cancelled };
  const stdout = line.options.has('json') ? JSON.stringify(output, null, 2) : formatReplayTable(output, heading);
  // Callbacks refused fail every compaction: the report still shows where they would have been, and the run fails as compact's does.
  const refusal = replayConsentRefusal(outcome.report, configFile);
  if (refusal) return { stdout, stderr: refusal, exitCode: 1 };
  // A callback budget spent stopped the replay (or left the callbacks unrun): the report shows what ran, and the replay fails.
  const exhausted = callbacks.budgetExhausted();
  if (exhausted) return { stdout, stderr: `${file}: the replay ${outcome.report.stopped ?? `stopped: ${exhausted}`}`, exitCode: 1 };
  return { stdout, exitCode: 0 };
}
