import { clipItem, stripListMarker } from './bounded-items';
import { codeNames, definedNames } from './code-names';
import type { Turn } from './conversation-turns';
import { withoutMarkers } from './masking-markers';
import { codeSpanPattern, completionPattern, constraintPattern, decisionPattern, errorLinePattern, intentPattern, isConcrete, splitSentences } from './sentence-signals';
import { actionsOfCall, scannedActions, type ToolAction } from './tool-actions';
import { looksLikeAdkCall, parseCallLine } from './tool-call-parser';
import { filePathPattern, isBulkOutput, isHumanMessage, isNameSpan, mentionAt, pathsIn, proseCommands, rankMentions, type Mention } from './text-mentions';
import { outcomeOf, pairResult, resultOnlyAction } from './tool-outcome';
import { OutputValues, type OutputValue } from './output-values';

/** What the offline summarizer read from a conversation, each list in conversation order. */
export interface ConversationFacts {
  /** Every human message, whole (masking notes and harness reminders taken out). */
  humans: string[];
  constraints: string[];
  /** Concrete decision sentences of the assistant. */
  decisions: string[];
  /** Concrete sentences reporting finished work. */
  done: string[];
  /** What the assistant found out: sentences stating a fact with a number, a name in backticks or a bold phrase. */
  findings: string[];
  /** Concrete sentences saying what the assistant is about to do, with the action count when each was said. */
  intents: Array<{ text: string; order: number }>;
  /** Error lines the assistant wrote in prose. */
  proseErrors: string[];
  /** Unchecked checkbox items the assistant wrote. */
  checkboxes: string[];
  /** Shell commands the assistant named in prose (`` `npm test` ``, `$ npm test`), for inputs that show no calls. */
  proseCommands: string[];
  /** File paths named by the user, in the assistant's prose or in a tool result that is not bulk output, most wanted first. */
  mentionedPaths: string[];
  /** Names in backticks or shaped like code, most mentioned first. */
  concepts: string[];
  /** Every tool call, in order, with its outcome once paired with a result. */
  actions: ToolAction[];
  /** Earlier summaries carried inside the conversation (a compaction summary turn); merged like a previous summary. */
  embeddedSummaries: string[];
  /** URLs, addresses and versions tool output printed, each marked when the agent typed it afterwards. */
  outputValues: OutputValue[];
}

/** Stored sentences are clipped here; rendering clips again. */
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
const reminderBlock = /<system-reminder>[\s\S]*?<\/system-reminder>/g;

/** Facts of an empty conversation. */
export function noFacts(): ConversationFacts {
  return {
    humans: [], constraints: [], decisions: [], done: [], findings: [], intents: [], proseErrors: [], checkboxes: [], proseCommands: [], mentionedPaths: [], concepts: [],
    actions: [], embeddedSummaries: [], outputValues: [],
  };
}

const overwriteReport = /has been (?:updated|overwritten)/;
// What makes a statement a finding worth handing over: a number with its unit or a count, a name in backticks, a bold phrase.
// A bold label that opens a list item (`**Pros:** …`, `**Step 2**: …`) names the item's kind, not what was found.
const leadingBoldLabel = /^\*\*[^*\n]{1,40}\*\*:?\s*/;
// The number starts where one does (not inside a longer run of digits): unanchored, a sentence of many digits is quadratic.
const findingAnchor = /(?<![\d.,])\d+(?:[.,]\d+)?\s?(?:%|ms|s|seconds?|minutes?|hours?|days?|[KMG]i?B|bytes?|lines?|files?|tests?|commits?|objects?|packs?)\b|`[^`\n]{2,60}`|\*\*[^*\n]{3,80}\*\*/;
const numberedListing = /^\s*\d+(?:→|\t)/;

/** Reads the facts in one pass over the turns' lines. */
export function extractFacts(turns: readonly Turn[]): ConversationFacts {
  const facts = noFacts();
  const conceptCounts = new Map<string, Mention>();
  const pathCounts = new Map<string, Mention>();
  let turnNumber = 0;
  const countPaths = (text: string) => {
    for (const path of pathsIn(text)) mentionAt(pathCounts, path, turnNumber);
  };
  let waiting: ToolAction[] = [];
  let turnIndex = 0;
  const values = new OutputValues();
  const position = () => ({ order: facts.actions.length, turn: turnIndex });
  const record = (actions: ToolAction[]) => {
    for (const action of actions) facts.actions.push({ ...action, order: facts.actions.length });
    return facts.actions.slice(facts.actions.length - actions.length);
  };
  // Names in backticks, and code-shaped names in plain prose (`PaneListLive`, `sync_session_file`), by mentions.
  const countConcepts = (line: string) => {
    const spans = line.includes('`') ? [...line.matchAll(codeSpanPattern)].map((match) => match[1]).filter(isNameSpan) : [];
    const bare = codeNames(line.replace(codeSpanPattern, ' ').replace(filePathPattern, ' '));
    for (const name of [...spans, ...bare]) mentionAt(conceptCounts, name, turnNumber);
  };

  for (const turn of turns) {
    turnNumber += 1;
    if (turn.role === 'user') {
      const raw = turn.lines.join('\n').trim();
      // A summary is recognised by its opening note before the notes are taken out; its body is read as a summary.
      const text = withoutMarkers(raw.replace(reminderBlock, '')).trim();
      if (summaryOpeners.some((opener) => raw.startsWith(opener))) {
        facts.embeddedSummaries.push(text);
      } else if (isHumanMessage(text)) {
        turnIndex += 1;
        facts.humans.push(text);
        countConcepts(text);
        countPaths(text);
        for (const sentence of splitSentences(text.replace(/\n+/g, ' '))) {
          if (constraintPattern.test(sentence)) facts.constraints.push(clipItem(stripListMarker(sentence), storedItemChars));
        }
      }
    } else if (turn.role === 'calls') {
      // A serializer writes each message's results before the next message's calls: what is still waiting got no result.
      waiting = [];
      for (const line of turn.lines) {
        values.noteTyped(line);
        for (const call of parseCallLine(line)) waiting.push(...record(actionsOfCall(call, position())));
      }
    } else if (turn.role === 'tool' || turn.role === 'tool-error') {
      const result = withoutMarkers(turn.lines.join('\n'));
      if (!isBulkOutput(turn.lines)) {
        countPaths(turn.lines.slice(0, 60).join('\n'));
        values.noteOutput(result);
      }
      const outcome = outcomeOf(result, turn.role === 'tool-error');
      const paired = pairResult(waiting, result);
      // A file's contents (numbered lines) say what the file defines: what a reader would look it up for.
      const defines = numberedListing.test(result.slice(0, 200)) ? definedNames(result) : [];
      if (paired) {
        if (defines.length > 0 && paired.kind === 'read') paired.defines = defines;
        paired.outcome = outcome;
        // A write tool that replaced an existing file changed it rather than created it; its result says which.
        if (paired.kind === 'create' && overwriteReport.test(result.slice(0, 600))) paired.kind = 'change';
      }
      else record([{ ...resultOnlyAction(result, outcome, position()), ...(defines.length > 0 ? { defines } : {}) }]);
    } else if (turn.role === 'assistant') {
      waiting = [];
      values.noteTyped(turn.lines.join('\n'));
      readAssistant(turn.lines, {
        onAction: (actions) => waiting.push(...record(actions)),
        position,
        facts,
        countConcepts,
        countPaths,
      });
    }
  }
  facts.outputValues = values.list();
  facts.concepts = rankMentions(conceptCounts, turnNumber);
  facts.mentionedPaths = rankMentions(pathCounts, turnNumber);
  return facts;
}

interface AssistantReader {
  onAction(actions: ToolAction[]): void;
  position(): { order: number; turn: number };
  facts: ConversationFacts;
  countConcepts(line: string): void;
  countPaths(line: string): void;
}

/** Assistant prose: shell fences as commands, ADK call lines as calls, sentences sorted by what they say. */
function readAssistant(lines: readonly string[], reader: AssistantReader): void {
  const { facts } = reader;
  let fence: 'shell' | 'code' | undefined;
  for (const raw of lines) {
    if (anyFence.test(raw)) {
      fence = fence ? undefined : shellFence.test(raw) ? 'shell' : 'code';
      continue;
    }
    if (fence === 'shell') {
      const command = raw.trim().replace(/^[$>]\s+/, '');
      if (command.length > 0 && !command.startsWith('#')) reader.onAction([{ kind: 'shell', tool: '', command, ...reader.position() }]);
      continue;
    }
    if (fence === 'code') continue;
    const line = withoutMarkers(raw).trim();
    if (looksLikeAdkCall(line)) {
      for (const call of parseCallLine(line)) reader.onAction(actionsOfCall(call, reader.position()));
      continue;
    }
    const calls = scannedActions(line, reader.position());
    if (calls.length > 0 && /^\{?"?(?:name|tool)"?\s*:|^[A-Za-z_][\w.-]*\(/.test(line)) {
      reader.onAction(calls);
      continue;
    }
    const checkbox = /^\s*[-*]\s+\[ \]\s+(.+)$/.exec(line);
    if (checkbox) facts.checkboxes.push(clipItem(checkbox[1], storedItemChars));
    const prose = stripListMarker(line);
    if (prose.length === 0 || prose.startsWith('#') || prose.startsWith('|')) continue;
    reader.countConcepts(prose);
    facts.proseCommands.push(...proseCommands(prose));
    reader.countPaths(prose);
    if (errorLinePattern.test(prose)) facts.proseErrors.push(clipItem(prose, storedItemChars));
    for (const sentence of splitSentences(prose)) {
      if (sentence.length < 12 || sentence.endsWith('?') || sentence.endsWith(':')) continue;
      const item = clipItem(sentence, storedItemChars);
      const isIntent = intentPattern.test(sentence);
      // What to do next is taken only from a sentence that names something: "Let me wait more." names nothing.
      if (isIntent && isConcrete(sentence)) facts.intents.push({ text: item, order: facts.actions.length });
      if (decisionPattern.test(sentence)) facts.decisions.push(item);
      else if (!isIntent && completionPattern.test(sentence)) facts.done.push(item);
      else if (!isIntent && findingAnchor.test(sentence.replace(leadingBoldLabel, '')) && sentence.length >= 30) facts.findings.push(item);
    }
  }
}
