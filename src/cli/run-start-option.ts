import type { RunStart } from '../engine';
import type { Transcript } from '../engine/transcript';
import { lastHeldStart } from '../lab/run-start';
import { UsageError } from './arguments';

const starts: readonly RunStart[] = ['whole-file', 'last-held'];

/** Where `compact` started, as `--json` prints it: the whole file, or the agent's last compaction and what followed it. */
export type StartOutput =
  | { from: 'whole-file'; /** Messages the run started with. */ messages: number }
  | {
      from: 'last-held';
      messages: number;
      /** Which of the agent's compactions the context starts from (1-based, in transcript order). */
      compaction: number;
    };

/** The `--from` option, `whole-file` when absent; anything else is a usage error naming the choices. */
export function readRunStart(option: string | true | undefined): RunStart {
  if (option === undefined) return 'whole-file';
  const start = starts.find((candidate) => candidate === option);
  if (start === undefined) throw new UsageError(`--from takes ${starts.join(' or ')}, not ${option === true ? 'nothing' : `"${option}"`}`);
  return start;
}

/**
 * The transcript a run starts from and how to report it: the whole file as read, or the context as the agent last
 * held it. A session with no readable compaction of the agent's cannot start from the latter: a usage error (exit 2,
 * nothing ran) naming the file and why.
 */
export function startingPoint(transcript: Transcript, from: RunStart, file: string): { input: Transcript; start: StartOutput } {
  if (from === 'whole-file') return { input: transcript, start: { from, messages: transcript.messages.length } };
  const held = lastHeldStart(transcript);
  if (!held.ok) throw new UsageError(`${file}: --from last-held: ${held.error.message}`);
  const input = held.value.transcript;
  return { input, start: { from, messages: input.messages.length, compaction: held.value.compaction.ordinal } };
}

/** The table's line for a run that started from the context the agent last held; none for the whole file. */
export function startLine(start: StartOutput): string[] {
  if (start.from !== 'last-held') return [];
  return [`started from: the context as the agent last held it — its compaction ${start.compaction}'s summary and what followed (${start.messages} messages)`];
}
