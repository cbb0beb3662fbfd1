import { glossary } from '../../ui/glossary-terms';
import { flaggedOutcome, type OutcomeFlag, type RunResult } from '../../engine';
import type { RunStatus } from '../../state/run-status';
import { countOf } from '../../ui/count-of';
import { errorInWords } from './error-words';

/** The run's outcome in one sentence, and how it should read. */
interface OutcomeSentence {
  text: string;
  tone: 'success' | 'warning' | 'error';
}

/** What the sentence is built from: the run store's status, result and refusal, and the run's outcome flags. */
interface OutcomeInput {
  status: RunStatus;
  result?: RunResult;
  /** A run refused before it began, or a worker failure (the run store's `problem`). */
  problem?: string;
  flags: readonly OutcomeFlag[];
  /** The state before and after on the page's basis ("140,594"), when counted. */
  tokens?: { before: string; after: string };
}

/** "pass 4", "passes 3–8", "passes 2, 5 and 7–8": pass numbers with their consecutive runs joined. */
export function passList(passes: readonly number[]): string {
  const sorted = [...new Set(passes)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let index = 0; index < sorted.length; ) {
    let end = index;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end] + 1) end++;
    runs.push(end === index ? String(sorted[index]) : `${sorted[index]}–${sorted[end]}`);
    index = end + 1;
  }
  const joined = runs.length > 1 ? `${runs.slice(0, -1).join(', ')} and ${runs.at(-1)}` : (runs[0] ?? '');
  return `${sorted.length === 1 ? 'pass' : 'passes'} ${joined}`;
}

/**
 * The flags as a clause: passes that replaced nothing, an estimate the exact figures contradict, and — unless the
 * sentence already leads with it — a context over the window.
 */
function flagClause(flags: readonly OutcomeFlag[], isLedByFlags = false): string {
  const clauses: string[] = [];
  const noOps = flags.filter((flag) => flag.kind === 'no-op-pass').map((flag) => flag.pass);
  // A sentence led by "replaced nothing" has said it of every pass.
  const saysReplacedNothing = isLedByFlags && flags.some((flag) => flag.kind === 'replaced-nothing');
  if (noOps.length > 0 && !saysReplacedNothing) clauses.push(`${passList(noOps)} ${glossary['no-op'].plain}`);
  if (flags.some((flag) => flag.kind === 'estimate-disagrees')) clauses.push('the exact count says the context is still over the trigger (see the log)');
  if (!isLedByFlags && flags.some((flag) => flag.kind === 'over-window')) clauses.push('the context is over the window: the next call would be refused');
  return clauses.length === 0 ? '' : `; ${clauses.join('; ')}`;
}

/** "Over the window: …" — a sentence's head in capitals. */
const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Longest outcome sentence: the top of the panel gives the gist; the log below keeps the whole reason. */
const maxSentenceChars = 220;

/** Ends the text as a sentence, cut at a word boundary with an ellipsis when it is too long for the top of the panel. */
function sentence(text: string): string {
  if (text.length > maxSentenceChars) return `${text.slice(0, text.lastIndexOf(' ', maxSentenceChars - 1))} … (the log has the rest)`;
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/**
 * The outcome of the shown run in one sentence — done (with its figures), failed and why, cancelled, or what its flags
 * say a success really did (over the window, replaced nothing, history wiped) — with its other flags after a
 * semicolon; undefined while nothing has ended. A failure is said in words (`errorInWords`), its pass count
 * added when the reason does not already give it ("Failed: still over the gate after 8 passes").
 */
export function outcomeSentence({ status, result, problem, flags, tokens }: OutcomeInput): OutcomeSentence | undefined {
  if (status === 'idle' || status === 'running') return undefined;
  // A refusal is newer than any result still shown (a run refused before it began leaves the last one on screen).
  if (problem !== undefined) {
    const shown = result ? ' The views still show the previous run.' : '';
    return { text: `${sentence(`Failed: ${errorInWords(problem).line}`)}${shown}`, tone: 'error' };
  }
  if (!result) return undefined;
  const passes = result.passes.length;
  const flagged = flagClause(flags);
  if (result.cancelled) return { text: sentence(`Cancelled ${passes === 0 ? 'before the first pass ended' : `after ${countOf(passes, 'pass', 'passes')}`}${flagged}`), tone: 'warning' };
  if (!result.success) {
    const reason = result.error ? errorInWords(result.error.message, result.error.code).line : 'the profile reported no success';
    const after = passes > 0 && !/\bafter (pass )?\d+/.test(reason) ? ` after ${countOf(passes, 'pass', 'passes')}` : '';
    return { text: sentence(`Failed${after}: ${reason}${flagged}`), tone: 'error' };
  }
  const figures = tokens ? `: ${tokens.before} → ${tokens.after} context tokens` : '';
  // A success its flags contradict (over the window, replaced nothing, a wiped history) never reads "Done".
  const led = flaggedOutcome(flags);
  if (led) {
    const ran = passes === 0 ? 'no pass ran' : `${countOf(passes, 'pass', 'passes')}${figures}, ${countOf(result.summarizerCalls, 'summarizer call')}`;
    return { text: sentence(`${capitalized(led.words)} — ${ran}${flagClause(flags, true)}`), tone: led.isFailure ? 'error' : 'warning' };
  }
  if (passes === 0) return { text: sentence(`Done: no compaction needed, the context is under the gate${flagged}`), tone: flagged ? 'warning' : 'success' };
  return { text: sentence(`Done in ${countOf(passes, 'pass', 'passes')}${figures}, ${countOf(result.summarizerCalls, 'summarizer call')}${flagged}`), tone: flagged ? 'warning' : 'success' };
}
