import { parentPort, workerData } from 'node:worker_threads';
import { TokenCache, type ReplayLines } from '../engine';
import { replayTranscript } from '../lab/replay';
import { createCliCallbackRunner } from './callback-guard';
import type { EvalJob, EvalPolicy, EvalRow, EvalThreadData, EvalThreadMessage } from './eval-protocol';
import { evalFigures, failedRow } from './eval-row';
import { createLiveSummarizers } from './provider-arguments';
import { readTranscriptFile } from './read-transcript';
import { replayConsentRefusal } from './replay-output';
import { consentRefusal } from './run-settings';
import type { Transcript } from '../engine/transcript';

// One eval thread (see eval-pool.ts): imports one file at a time the way every CLI command does, replays each of its
// runs under every policy, and answers rows — never the message lists — so the main thread only adds figures up.
const port = parentPort;
if (!port) throw new Error('eval-thread.ts runs only as a worker thread');
const data = workerData as EvalThreadData;

const post = (message: EvalThreadMessage): void => port.postMessage(message);

/** The file's name cut from the front of an import error (`a.jsonl: no such file`): the row names the file already. */
function reasonOf(error: unknown, file: string): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.startsWith(`${file}: `) ? message.slice(file.length + 2) : message;
}

/**
 * One run replayed under one policy, as its row (a replay the lab refuses is a row that says why), and the lines it
 * was counted against when it ran. `linesOfA`: policy A's lines for this run, null when A's replay did not run;
 * undefined for A itself, whose own lines are then the yardstick.
 */
async function replayRow(
  transcript: Transcript,
  policy: EvalPolicy,
  head: { file: string; run?: number; config: string },
  cache: TokenCache,
  linesOfA: ReplayLines | null | undefined,
): Promise<{ row: EvalRow; lines?: ReplayLines }> {
  const callbacks = createCliCallbackRunner(data.callbackBudgetMs);
  try {
    const choice = policy.setup && createLiveSummarizers(policy.setup, process.env, () => undefined);
    const request = { config: policy.document, encoding: data.encoding, runAnyway: data.runAnyway, allowCallbacks: data.allowCallbacks };
    const outcome = await replayTranscript(transcript, request, { choice, callbacks, cache });
    if ('error' in outcome) return { row: failedRow(head, consentRefusal(outcome.error, policy.name) ?? `${outcome.error.code}: ${outcome.error.message}`) };
    // A session whose compactions were all refused for callbacks says nothing about the policy: it is a failed row.
    const refusal = replayConsentRefusal(outcome.report, policy.name);
    if (refusal) return { row: failedRow(head, reasonOf(refusal, policy.name)) };
    // A replay its callbacks' budget stopped covers part of the session only: a failed row that says where and why.
    const exhausted = callbacks.budgetExhausted();
    if (exhausted) return { row: failedRow(head, `the replay ${outcome.report.stopped ?? `stopped: ${exhausted}`}`) };
    const lines = outcome.context.lines;
    return { row: { ...head, ok: true, ...evalFigures(outcome, linesOfA === undefined ? lines : linesOfA) }, lines };
  } catch (error) {
    // replayTranscript promises never to throw; should it, the row still says why and the corpus goes on.
    return { row: failedRow(head, error instanceof Error ? error.message : String(error)) };
  } finally {
    await callbacks.close();
  }
}

async function replayFile({ file }: EvalJob): Promise<void> {
  let transcripts: Transcript[];
  try {
    transcripts = (await readTranscriptFile(file)).transcripts;
  } catch (error) {
    // A file that cannot be imported is reported and skipped, never fatal (a UsageError naming the file, as a command gets).
    post({ type: 'skipped', file, reason: reasonOf(error, file) });
    return;
  }
  for (const [index, transcript] of transcripts.entries()) {
    // One cache per run: each message is tokenized once, whatever the number of policies.
    const cache = new TokenCache();
    // Policy A is replayed first: B's steps are then also counted against A's lines, the comparison's one yardstick.
    let linesOfA: ReplayLines | null | undefined;
    for (const policy of data.policies) {
      const head = { file, ...(transcripts.length > 1 ? { run: index + 1 } : {}), config: policy.name };
      const { row, lines } = await replayRow(transcript, policy, head, cache, linesOfA);
      if (linesOfA === undefined) linesOfA = lines ?? null;
      post({ type: 'row', row });
    }
  }
}

port.on('message', (job: EvalJob) => {
  void replayFile(job).finally(() => post({ type: 'finished', file: job.file }));
});
post({ type: 'ready' });
