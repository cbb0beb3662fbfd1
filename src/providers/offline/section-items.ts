import { clipItem } from './bounded-items';
import type { ConversationFacts } from './conversation-facts';
import { firstFirst, newestFirst, tier, trimMiddle, type Quotas, type RankedItem } from './ranked-item';
import type { SectionCategory } from './section-category';
import { currentWork, nextSteps, pendingRequest } from './work-items';
import { describeOutcome } from './action-words';
import { readDefinitions, sessionLookups, usesByFile } from './lookups';
import type { CommandRecord, FileRecord, WorkState } from './work-state';

/** What the items are written from, and which categories the summary has sections for. */
export interface ItemSource {
  facts: ConversationFacts;
  state: WorkState;
  has(category: SectionCategory): boolean;
  /** The one file section that states the paths' root (the first the summary has). */
  rootSection?: SectionCategory;
}

/** The lengths a human message is shown at, longest first: whole up to 1,500 characters, then trimmed in the middle. */
const humanLengths = [1500, 600, 240, 100];

/** A human message at the given lengths (longest first), each form once. */
function humanForms(text: string, lengths: readonly number[]): string[] {
  return lengths.map((length) => trimMiddle(text, length)).filter((variant, index, all) => all.indexOf(variant) === index);
}

/**
 * Where the longer forms of an earlier human message are wanted: after the first of the work's record (files read, names, errors),
 * so a pasted document or a long instruction is first kept in a few lines and only grows into what budget is left.
 */
const fullerHumanRank = tier.record + 80;

// How many of each kind are wanted at which rank (see `Quotas`): the first few of every kind come before the rest of any.
const quotas = {
  filesChanged: [[10, tier.work], [Infinity, tier.history]],
  filesRead: [[8, tier.record + 30], [Infinity, tier.rest]],
  named: [[5, tier.record + 45], [Infinity, tier.rest]],
  lookups: [[8, tier.record + 35], [Infinity, tier.rest + 10]],
  commands: [[8, tier.work + 10], [Infinity, tier.history + 10]],
  names: [[20, tier.record + 20], [Infinity, tier.rest]],
  concepts: [[10, tier.history + 30], [Infinity, tier.rest]],
  constraints: [[6, tier.record + 5], [Infinity, tier.rest]],
  decisions: [[5, tier.record + 40], [Infinity, tier.rest]],
  done: [[6, tier.record + 50], [Infinity, tier.rest]],
  todos: [[10, tier.now + 10], [Infinity, tier.record]],
  findings: [[6, tier.history + 50], [Infinity, tier.rest + 30]],
  copiedValues: [[10, tier.record + 25], [Infinity, tier.history + 40]],
  seenValues: [[5, tier.history + 45], [Infinity, tier.rest + 20]],
} satisfies Record<string, Quotas>;

// Commands that only read: listings, searches, file views, git's own views.
const readingCommand = /^(?:ls|ll|cat|grep|rg|ag|find|fd|head|tail|less|wc|tree|pwd|which|echo|sed -n|git (?:status|log|diff|show|branch|remote))\b/;

// A command this long is rarely typed again whole (a commit message, a list of files): it is shown cut, and later.
const longCommandChars = 120;

/** The new items of one category, in display order, ranked; the first file section also states the paths' root. */
export function categoryItems(category: SectionCategory, source: ItemSource): RankedItem[] {
  const items = itemsOf(category, source);
  const { root } = source.state;
  if (root === undefined || source.rootSection !== category || items.length === 0) return items;
  return [{ text: `(paths relative to ${root})`, rank: tier.now + 5 }, ...items];
}

function itemsOf(category: SectionCategory, source: ItemSource): RankedItem[] {
  const { facts, state } = source;
  switch (category) {
    case 'requests':
      return humanItems(facts.humans);
    case 'goal': {
      const [first] = facts.humans;
      const latest = facts.humans[facts.humans.length - 1];
      const goals = first === undefined ? [] : latest === first ? [first] : [first, latest];
      // Where every message is listed already, the goal is a short reminder of them: the first one with the record (a
      // heading the prompt asked for is never left "(none)" while the session had a request), the latest with the history.
      if (source.has('requests')) return goals.map((text, index) => ({ text: clipItem(text, 120), rank: index === 0 ? tier.record : tier.history + index }));
      return goals.map((text, index) => ({ text: clipItem(text, 300), rank: tier.work + 50 + index, variants: [clipItem(text, 120)] }));
    }
    case 'pending': {
      const request = pendingRequest(facts, state);
      return [...firstFirst(state.openTodos, quotas.todos), ...(request ? [{ text: request, rank: tier.now + 20 }] : [])];
    }
    case 'constraints':
      return firstFirst(facts.constraints, quotas.constraints);
    case 'filesChanged':
      return fileItems(state.files.filter((file) => file.edits > 0 && !(file.wasCreated && source.has('filesCreated'))), quotas.filesChanged, usesOf(source));
    case 'filesCreated':
      return fileItems(state.files.filter((file) => file.wasCreated), quotas.filesChanged, usesOf(source));
    case 'filesRead':
      return [...readItems(source, ''), ...lookupItems(source, ''), ...namedItems(state)];
    case 'files':
      // One list for every file: each line, short forms too, says how the file was touched.
      return [
        ...fileItems(state.files.filter((file) => file.edits > 0), quotas.filesChanged, usesOf(source)).map((item) => ({
          ...item,
          variants: [...(item.variants ?? []).filter((variant) => variant.includes(' — ')), item.text.replace(/ — (created|edited)\b.*$/, ' ($1)')],
        })),
        ...readItems(source, ' (read)'),
        ...lookupItems(source, ' (read)'),
        ...namedItems(state),
      ];
    case 'commands':
      return commandItems(state.commands);
    case 'errors':
      return errorItems(state);
    case 'blocked':
      return newestFirst(state.errors.filter((error) => error.resolution === undefined).slice(-3).map((error) => errorText(error.text, error.source)), [[3, tier.now + 40]]);
    case 'decisions': {
      // Where the layout has no context section, what was found out is kept with the decisions it led to.
      const findings = source.has('context') ? [] : newestFirst(facts.findings, quotas.findings);
      return [...newestFirst(facts.decisions, quotas.decisions), ...findings];
    }
    case 'done':
      return newestFirst([...facts.done, ...completedCommands(state.commands)], quotas.done);
    case 'current':
      return currentWork(facts, state);
    case 'next':
      return nextSteps(facts, state);
    case 'identifiers':
      return nameItems(source, true);
    case 'concepts':
      return nameItems(source, !source.has('identifiers'));
    case 'context':
      return newestFirst(facts.findings, quotas.findings);
  }
}

/**
 * Names from edits and errors (newest first, when this section carries them) taken in turn with the names the
 * conversation mentions most (in backticks or shaped like code), each once.
 */
function nameItems(source: ItemSource, carriesIdentifiers: boolean): RankedItem[] {
  const edited = carriesIdentifiers ? source.state.identifiers : [];
  const mentioned = source.facts.concepts;
  const names = new Set<string>();
  for (let index = 0; index < Math.max(edited.length, mentioned.length); index++) {
    if (index < edited.length) names.add(edited[index]);
    if (index < mentioned.length) names.add(mentioned[index]);
  }
  const nameList = firstFirst([...names].map((name) => `\`${name}\``), carriesIdentifiers ? quotas.names : quotas.concepts);
  return carriesIdentifiers ? [...nameList, ...valueItems(source.facts)] : nameList;
}

/**
 * Values tool output printed (URLs, addresses, versions), newest first: the ones the agent then typed itself first
 * of all, said so, since a reader is likely to need them again; then the others.
 */
function valueItems(facts: ItemSource['facts']): RankedItem[] {
  const copied = facts.outputValues.filter((value) => value.isCopied).map((value) => `\`${value.value}\` (from tool output, used after)`);
  const seen = facts.outputValues.filter((value) => !value.isCopied).map((value) => `\`${value.value}\` (seen in tool output)`);
  return [...newestFirst(copied, quotas.copiedValues), ...newestFirst(seen, quotas.seenValues)];
}

/**
 * Every human message: the latest and the first (the task as given) first of all, the five before the latest next,
 * then the others newest first — trimmed in the middle, never dropped for length.
 */
function humanItems(humans: readonly string[]): RankedItem[] {
  return humans.map((text, index) => {
    const distance = humans.length - 1 - index;
    if (distance === 0) {
      const [full, ...shorter] = humanForms(text, humanLengths);
      return { text: full, rank: tier.now, variants: shorter };
    }
    // The task as first given keeps more at once than the messages between; each grows to its whole later.
    const start = index === 0 ? 1 : 2;
    const [first, ...shorter] = humanForms(text, humanLengths.slice(start));
    const rank = index === 0 ? tier.now + 1 : distance <= 5 ? tier.now + 5 + distance : tier.now + 25 + distance;
    const longer = humanForms(text, humanLengths.slice(0, start)).filter((form) => form.length > first.length);
    return { text: first, rank, variants: shorter, ...(longer.length > 0 ? { fuller: { rank: fullerHumanRank + distance, forms: longer } } : {}) };
  });
}

function fileItems(files: readonly FileRecord[], fileQuotas: Quotas, uses: ReadonlyMap<string, readonly string[]> = new Map()): RankedItem[] {
  const texts = files.map((file) => fileText(file, uses.get(file.path) ?? []));
  return newestFirst(texts.map((text) => text.full), fileQuotas).map((item, index) => ({
    ...item,
    variants: [texts[index].short, item.text.replace(/ — .*$/, '')].filter((variant, position, all) => variant !== item.text && all.indexOf(variant) === position),
  }));
}

/** How many names of each kind a file's line lists. */
const namesShown = { added: 6, removed: 3, uses: 6 };

/**
 * A file whole, with what its edits changed: how often, the names they brought in and took out, and the names its new
 * code uses from elsewhere (imports, qualified calls); the short form leaves out what it uses.
 */
function fileText(file: FileRecord, uses: readonly string[]): { full: string; short: string } {
  if (file.edits === 0) return { full: file.path, short: file.path };
  const what = file.wasCreated ? (file.edits > 1 ? `created, edited ${file.edits - 1}×` : 'created') : `edited ${file.edits}×`;
  const added = file.added.slice(0, namesShown.added).map((name) => `\`${name}\``).join(', ');
  const removed = file.removed.slice(0, namesShown.removed).map((name) => `\`${name}\``).join(', ');
  const used = uses.filter((name) => !file.added.slice(0, namesShown.added).includes(name)).slice(0, namesShown.uses).map((name) => `\`${name}\``).join(', ');
  const short = `${file.path} — ${what}${added ? `; adds ${added}` : ''}${removed ? `; removes ${removed}` : ''}`;
  return { full: used ? `${short}; uses ${used}` : short, short };
}

/** How many names a file read lists as what it defines. */
const definitionsShown = 8;

/** What a file read defines only fills room left: after the names the conversation itself used most. */
const definitionsRank = tier.rest + 50;

/**
 * Files read but not changed, newest first, each growing (once the record is in) into what it defines; then the
 * definitions of reads whose path the input does not show (an input that keeps results, not calls).
 */
function readItems(source: ItemSource, suffix: string): RankedItem[] {
  const { byFile, unnamed } = readDefinitions(source.facts.actions, source.state.root);
  const names = (defined: readonly string[]) => defined.slice(0, definitionsShown).map((name) => `\`${name}\``).join(', ');
  const files = fileItems(source.state.files.filter((file) => file.wasRead && file.edits === 0), quotas.filesRead).map((item, index, all) => {
    const defined = byFile.get(item.text) ?? [];
    const text = `${item.text}${suffix}`;
    return defined.length === 0 ? { ...item, text } : { ...item, text, fuller: { rank: definitionsRank + all.length - 1 - index, forms: [`${text} — defines ${names(defined)}`] } };
  });
  const anonymous = newestFirst(unnamed.map((defined) => `a file read (path not shown) defines ${names(defined)}`), [[Infinity, definitionsRank]]);
  return [...files, ...anonymous];
}

/** The names each changed file's new code uses, by the path its record has. */
function usesOf(source: ItemSource): Map<string, string[]> {
  return usesByFile(source.facts.actions, source.state.root);
}

/** Searches and shell reads, newest first; a file read by a shell command is listed like one read by a tool. */
function lookupItems(source: ItemSource, readSuffix: string): RankedItem[] {
  const known = new Set(source.state.files.map((file) => file.path));
  const lookups = sessionLookups(source.facts.actions, source.state.root, known);
  return newestFirst(lookups.map((lookup) => (lookup.isRead ? `${lookup.text}${readSuffix}` : lookup.text)), quotas.lookups);
}

/**
 * Files only named (by the user, in prose, in a report), never opened: one line saying so, apart from the files the
 * session worked with — the most wanted first, the rest on a second line taken only when room is left over.
 */
function namedItems(state: WorkState): RankedItem[] {
  // Where the input shows no reads at all (two-tier's LLM input keeps results, not calls), the named files stand in.
  const hasReads = state.files.some((file) => file.wasRead);
  const [[firstCount, firstRank]] = hasReads ? quotas.named : quotas.filesRead;
  const lines: Array<[label: string, paths: string[], rank: number]> = [
    ['Named in messages or tool output, never opened', state.named.slice(0, firstCount), firstRank],
    ['More named, never opened', state.named.slice(firstCount), tier.rest],
  ];
  return lines.filter(([, paths]) => paths.length > 0).map(([label, paths, rank]) => {
    const forms: string[] = [];
    for (let count = paths.length; count >= 1; count = count === 1 ? 0 : Math.ceil(count / 2)) forms.push(`${label}: ${paths.slice(0, count).join(', ')}`);
    const [text, ...variants] = forms;
    return { text, rank, variants };
  });
}

/** Commands newest first; one too long to be typed again whole comes after the rest, shown cut. */
function commandItems(commands: readonly CommandRecord[]): RankedItem[] {
  const items = newestFirst(commands.map(commandText), quotas.commands, (text) => [text.replace(/ → .*$/, '')]);
  return items.map((item, index) =>
    commands[index].latest.length > longCommandChars ? { ...item, text: item.variants?.[0] ?? item.text, rank: item.rank + tier.history } : item);
}

function commandText(command: CommandRecord): string {
  if (command.latest === '') return `a command (not shown)${describeOutcome(command.outcome)}`;
  const shown = clipItem(command.latest, command.latest.length > longCommandChars ? longCommandChars : 200);
  if (command.isMentioned) return `\`${shown}\` (named, not seen run)`;
  const runs = command.runs > 1 ? ` (${command.runs} runs)` : '';
  // What a reading command printed is what was read, not how it went: only a failure is worth saying.
  const outcome = readingCommand.test(command.core) && command.outcome?.isFailed !== true ? (command.outcome ? ' → ok' : '') : describeOutcome(command.outcome);
  return `\`${shown}\`${runs}${outcome}`;
}

function errorText(text: string, source: string | undefined): string {
  return `${clipItem(text, 200)}${source ? ` (from \`${clipItem(source, 120)}\`)` : ''}`;
}

function errorItems(state: WorkState): RankedItem[] {
  return state.errors.map((error, index) => {
    const distance = state.errors.length - 1 - index;
    const isOpen = error.resolution === undefined;
    const text = `${errorText(error.text, error.source)} — ${error.resolution ?? 'not shown resolved'}`;
    const rank = isOpen && distance < 3 ? tier.now + 30 + distance : distance < 5 ? tier.record + 10 + distance : tier.rest + distance;
    return { text, rank, variants: [clipItem(error.text, 120)] };
  });
}

const completionCommand = /^(?:git (?:commit|push|merge|tag)|gh (?:pr|issue|release)|bd close|npm publish|cargo publish)\b/;

/** Commands that finished work and went through: commits, pushes, closed issues, with their verdict line. */
function completedCommands(commands: readonly CommandRecord[]): string[] {
  return commands
    .filter((command) => completionCommand.test(command.core) && command.outcome !== undefined && !command.outcome.isFailed)
    .map((command) => clipItem(`\`${command.latest}\`${describeOutcome(command.outcome)}`, 200));
}
