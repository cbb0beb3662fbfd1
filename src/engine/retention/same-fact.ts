import { wholeCommand } from './command-core';
import type { Fact } from './facts';
import { normalizeFact } from './normalize';

/**
 * The fewest words a command must have to stand for its spellings: one word (`make`, `pytest`) would be found in any
 * prose that names the program.
 */
const spellingMinWords = 2;

/**
 * A path's segments as retention compares files: normalized, without a leading `.`, `..` or `~` (which say where
 * the path starts from, not which file it is) or empty segments.
 */
function segmentsOf(path: string): string[] {
  const segments = normalizeFact(path).split('/').filter((segment) => segment !== '' && segment !== '.');
  let start = 0;
  while (start < segments.length && (segments[start] === '..' || segments[start] === '~')) start++;
  return segments.slice(start);
}

/** A group of path facts: the segments of its longest path (the first stated among equals) and the facts in it. */
interface PathGroup {
  segments: string[];
  members: number[];
}

/**
 * The groups indexed by their segments read from the end, so the groups a path ends are found by walking its own
 * segments once instead of testing it against every group (a session can name tens of thousands of paths). Each node
 * counts the groups whose segments end with the node's suffix and remembers the first of them, which is all a path
 * needs to know: whether exactly one group ends with it, and which.
 */
interface SuffixNode {
  /** The nodes one segment further from the end, by that segment. */
  children: Map<string, SuffixNode>;
  /** How many groups' segments end with this node's suffix. */
  groups: number;
  /** The first of those groups: the one that owns the suffix when `groups` is 1. */
  first?: PathGroup;
}

const emptySuffixNode = (): SuffixNode => ({ children: new Map(), groups: 0 });

/** Adds `group` to every node its segments' suffixes reach. */
function indexGroup(root: SuffixNode, group: PathGroup): void {
  let node = root;
  for (let index = group.segments.length - 1; index >= 0; index--) {
    const segment = group.segments[index];
    let child = node.children.get(segment);
    if (!child) {
      child = emptySuffixNode();
      node.children.set(segment, child);
    }
    node = child;
    node.groups += 1;
    node.first ??= group;
  }
}

/** The one group whose segments end with `segments` segment by segment, or undefined when none or several do. */
function soleGroupEnding(root: SuffixNode, segments: readonly string[]): PathGroup | undefined {
  let node: SuffixNode | undefined = root;
  for (let index = segments.length - 1; index >= 0 && node; index--) node = node.children.get(segments[index]);
  return node?.groups === 1 ? node.first : undefined;
}

/**
 * Groups the path facts that spell one file: a path of two segments or more that ends another path at a segment
 * boundary is that path's file (`cmd/x/y.go` and `/home/u/repo/cmd/x/y.go`). Longest first, each shorter path joins
 * the one group whose longest path it ends; when it ends several (`cli/x.go` ends both `/repo/cli/x.go` and
 * `/repo/vendor/cli/x.go`) it cannot say which file it is and stays a fact of its own, as does a bare file name.
 * Returns, for each fact, the index of the fact its group is kept under (the first stated).
 */
function pathGroups(facts: readonly Fact[]): Map<number, number> {
  const paths = facts.flatMap((fact, index) => (fact.category === 'path' ? [{ index, segments: segmentsOf(fact.text) }] : []));
  // Stable: among paths of one length, the first stated leads.
  paths.sort((a, b) => b.segments.length - a.segments.length);
  const groups: PathGroup[] = [];
  const suffixes = emptySuffixNode();
  for (const path of paths) {
    const owner = path.segments.length < 2 ? undefined : soleGroupEnding(suffixes, path.segments);
    if (owner) owner.members.push(path.index);
    else {
      const group = { segments: path.segments, members: [path.index] };
      groups.push(group);
      indexGroup(suffixes, group);
    }
  }
  const keptUnder = new Map<number, number>();
  for (const { members } of groups) {
    const first = members.reduce((least, member) => Math.min(least, member));
    for (const member of members) keptUnder.set(member, first);
  }
  return keptUnder;
}

/**
 * Groups the command facts that run one command (see `wholeCommand`): `cd repo && go test ./x 2>&1 | tail -20` and
 * `go test ./x | head` are both `go test ./x`. A line running several commands is only itself. Returns, for each
 * fact, the index of the fact its group is kept under (the first stated) and the whole command of each group.
 */
function commandGroups(facts: readonly Fact[]): { keptUnder: Map<number, number>; whole: Map<number, string> } {
  const firstOf = new Map<string, number>();
  const keptUnder = new Map<number, number>();
  const whole = new Map<number, string>();
  facts.forEach((fact, index) => {
    if (fact.category !== 'command') return;
    const command = wholeCommand(fact.text);
    const key = command === undefined ? `text:${normalizeFact(fact.text)}` : `command:${normalizeFact(command)}`;
    const first = firstOf.get(key) ?? index;
    firstOf.set(key, first);
    keptUnder.set(index, first);
    if (command !== undefined && first === index) whole.set(index, command);
  });
  return { keptUnder, whole };
}

/** Appends `spelling` to the spellings of the fact at `index` (in place: a file can have thousands of spellings). */
function addSpelling(spellings: Map<number, string[]>, index: number, spelling: string): void {
  const list = spellings.get(index);
  if (list) list.push(spelling);
  else spellings.set(index, [spelling]);
}

/**
 * One fact per file and per command, as a careful reader counts them: the path facts that spell one file (absolute and
 * repo-relative, see `pathGroups`) and the command facts that run one command (see `commandGroups`) become one fact
 * each, stated by its first spelling, with the others in `spellings` — held wherever any of them is. A command's
 * spellings also hold the command itself (`go test ./x` for `cd repo && go test ./x 2>&1 | tail -20`) when it has two
 * words or more, so a context that names the command without its wrapping holds it. Other facts pass through; the
 * order is the order of each group's first fact.
 */
export function mergeSpellings(facts: readonly Fact[]): Fact[] {
  const paths = pathGroups(facts);
  const commands = commandGroups(facts);
  const spellings = new Map<number, string[]>();
  facts.forEach((fact, index) => {
    const first = paths.get(index) ?? commands.keptUnder.get(index);
    if (first !== undefined && first !== index) addSpelling(spellings, first, fact.text);
  });
  for (const [index, command] of commands.whole) {
    const isNewSpelling = command.split(' ').length >= spellingMinWords && normalizeFact(command) !== normalizeFact(facts[index].text);
    if (isNewSpelling) addSpelling(spellings, index, command);
  }
  return facts.flatMap((fact, index) => {
    const first = paths.get(index) ?? commands.keptUnder.get(index) ?? index;
    if (first !== index) return [];
    const others = spellings.get(index);
    return [others ? { ...fact, spellings: others } : fact];
  });
}
