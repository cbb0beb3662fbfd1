import { clipItem, stripListMarker } from './bounded-items';
import type { Turn } from './conversation-turns';
import {
  codeSpanPattern, completionPattern, constraintPattern, decisionPattern, errorLinePattern, errorMentionPattern,
  failedResultPattern, intentPattern, splitSentences,
} from './sentence-signals';
import { scanToolLine } from './tool-call-scanner';

/** What the offline summarizer extracted from a conversation, each list in conversation order, de-duplicated later. */
export interface ConversationFacts {
  requests: string[];
  /** Requests made after the last reported completion: still open. */
  openRequests: string[];
  constraints: string[];
  /** Paths read and not changed, and paths changed, ordered by last touch. */
  filesRead: string[];
  filesChanged: string[];
  /** Commands by last use. */
  commands: string[];
  errors: string[];
  /** Errors after the last reported completion. */
  blockers: string[];
  decisions: string[];
  intents: string[];
  done: string[];
  /** The last line of assistant prose: what was going on most recently. */
  lastAssistant?: string;
  /** Backticked names, most mentioned first. */
  concepts: string[];
  /** Earlier summaries carried inside the conversation (a compaction summary turn); merged like a previous summary. */
  embeddedSummaries: string[];
}

/** Stored items are clipped here; rendering clips again to the section's item length. */
const storedItemChars = 400;

const summaryOpeners = [
  'The conversation history before this point was compacted',
  '[Earlier conversation, compacted summary]',
  '[auto-compacted',
  '[auto-compact fallback',
  'This session is being continued from a previous conversation',
  '<summary>',
];
const shellFence = /^\s*```(?:bash|sh|shell|console|zsh|terminal|powershell|ps1|cmd)\s*$/i;
const anyFence = /^\s*```/;

interface Sequenced {
  text: string;
  sequence: number;
}

/** Extracts the facts in one pass over the turns' lines (each line is visited a bounded number of times). */
export function extractFacts(turns: readonly Turn[]): ConversationFacts {
  let sequence = 0;
  let lastDoneSequence = -1;
  const requests: Sequenced[] = [];
  const errors: Sequenced[] = [];
  const constraints: string[] = [];
  const decisions: string[] = [];
  const intents: string[] = [];
  const done: string[] = [];
  const embeddedSummaries: string[] = [];
  const filesRead = new Map<string, true>();
  const filesChanged = new Map<string, true>();
  const commands = new Map<string, true>();
  const conceptCounts = new Map<string, number>();
  let lastAssistant: string | undefined;
  const touch = (map: Map<string, true>, key: string) => {
    map.delete(key);
    map.set(key, true);
  };
  const findings = {
    onRead: (path: string) => touch(filesRead, path),
    onChange: (path: string) => touch(filesChanged, path),
    onCommand: (command: string) => touch(commands, clipItem(command, storedItemChars)),
  };
  const countConcepts = (line: string) => {
    if (!line.includes('`')) return;
    for (const match of line.matchAll(codeSpanPattern)) conceptCounts.set(match[1], (conceptCounts.get(match[1]) ?? 0) + 1);
  };

  for (const turn of turns) {
    sequence += 1;
    if (turn.role === 'user') {
      const text = turn.lines.join('\n').trim();
      if (summaryOpeners.some((opener) => text.startsWith(opener))) {
        embeddedSummaries.push(text);
      } else if (isRequest(text)) {
        requests.push({ text: clipItem(text, storedItemChars), sequence });
        for (const line of turn.lines) {
          countConcepts(line);
          for (const sentence of splitSentences(line)) {
            if (constraintPattern.test(sentence)) constraints.push(clipItem(stripListMarker(sentence), storedItemChars));
          }
        }
      }
    } else if (turn.role === 'calls') {
      for (const line of turn.lines) scanToolLine(line, findings);
    } else if (turn.role === 'tool' || turn.role === 'tool-error') {
      for (const error of toolErrors(turn)) errors.push({ text: clipItem(error, storedItemChars), sequence });
    } else if (turn.role === 'assistant') {
      let fence: 'shell' | 'code' | undefined;
      for (const line of turn.lines) {
        if (anyFence.test(line)) {
          fence = fence ? undefined : shellFence.test(line) ? 'shell' : 'code';
          continue;
        }
        if (fence === 'shell') {
          const command = line.trim().replace(/^[$>]\s+/, '');
          if (command.length > 0 && !command.startsWith('#')) findings.onCommand(command);
          continue;
        }
        if (fence === 'code') continue;
        scanToolLine(line, findings);
        const prose = stripListMarker(line.trim());
        if (prose.length === 0 || prose.startsWith('#') || prose.startsWith('|')) continue;
        countConcepts(prose);
        if (errorLinePattern.test(prose)) errors.push({ text: clipItem(prose, storedItemChars), sequence });
        lastAssistant = clipItem(prose, storedItemChars);
        for (const sentence of splitSentences(prose)) {
          if (sentence.length < 12) continue;
          const item = clipItem(sentence, storedItemChars);
          const isIntent = intentPattern.test(sentence);
          if (isIntent) intents.push(item);
          if (decisionPattern.test(sentence)) decisions.push(item);
          if (!isIntent && !sentence.endsWith('?') && completionPattern.test(sentence)) {
            done.push(item);
            lastDoneSequence = sequence;
          }
        }
      }
    }
  }

  const read = [...filesRead.keys()].filter((path) => !filesChanged.has(path));
  return {
    requests: requests.map((request) => request.text),
    openRequests: requests.filter((request) => request.sequence > lastDoneSequence).map((request) => request.text),
    constraints,
    filesRead: read,
    filesChanged: [...filesChanged.keys()],
    commands: [...commands.keys()],
    errors: errors.map((error) => error.text),
    blockers: errors.filter((error) => error.sequence > lastDoneSequence).map((error) => error.text),
    decisions,
    intents,
    done,
    lastAssistant,
    concepts: rankConcepts(conceptCounts),
    embeddedSummaries,
  };
}

/** A user turn is a request unless it is harness boilerplate: tags (`<system-reminder>`, a pin carrier) or notices. */
function isRequest(text: string): boolean {
  if (text.length === 0) return false;
  return !(text.startsWith('<') || text.startsWith('[Request interrupted') || text.startsWith('[context trimmed locally') || text.startsWith('Caveat:'));
}

/**
 * Up to two error lines from one tool result: lines that start like an error; for a result known to have failed
 * (error flag, non-zero exit code, tool-error tag) without such a line, its first line mentioning an error or else its
 * first informative line.
 */
function toolErrors(turn: Turn): string[] {
  const found: string[] = [];
  let firstLine: string | undefined;
  let mention: string | undefined;
  let informative: string | undefined;
  for (const raw of turn.lines) {
    const line = raw.trim();
    if (line.length === 0) continue;
    firstLine ??= line;
    if (errorLinePattern.test(line)) {
      found.push(line);
      if (found.length === 2) break;
      continue;
    }
    if (line === firstLine && failedResultPattern.test(line)) continue;
    mention ??= errorMentionPattern.test(line) ? line : undefined;
    informative ??= line;
  }
  if (found.length > 0) return found;
  const isFailed = turn.role === 'tool-error' || (firstLine !== undefined && failedResultPattern.test(firstLine));
  if (!isFailed) return [];
  const best = mention ?? informative ?? firstLine;
  return best ? [best] : [];
}

function rankConcepts(counts: Map<string, number>): string[] {
  const entries = [...counts.entries()];
  // Map order is first-mention order, and sort is stable: ties keep it.
  entries.sort((left, right) => right[1] - left[1]);
  return entries.map(([name]) => `\`${name}\``);
}
