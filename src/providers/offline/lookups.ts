/**
 * What the session looked at and reached for beyond the files its tools read and changed: the names each changed
 * file's new code uses, the files a shell command read, and the searches it ran (a search tool's pattern and folder,
 * a shell `rg`/`grep`/`find`/`ls`). A reader picking the work up reaches for these again.
 */

import { isScratchPath, relativeTo } from './repo-paths';
import type { ToolAction } from './tool-actions';

/** The names each changed or created file's new code uses (imports, qualified names), by repo-relative path, each once. */
export function usesByFile(actions: readonly ToolAction[], root: string | undefined): Map<string, string[]> {
  const uses = new Map<string, string[]>();
  for (const action of actions) {
    if (action.path === undefined || action.edit === undefined || action.outcome?.isFailed === true) continue;
    const path = relativeTo(root, action.path);
    const names = uses.get(path) ?? [];
    for (const name of action.edit.uses) if (!names.includes(name)) names.push(name);
    uses.set(path, names);
  }
  return uses;
}

/** One search or shell read, as a reader would be told it. */
export interface Lookup {
  /** `searched \`pattern\` in folder`, or the path a shell command read. */
  text: string;
  /** A path read (listed with the files read), not a search. */
  isRead: boolean;
}

// Programs that print a file: their non-option arguments are files read. `sed -n` prints lines of its file.
const filePrinters = /^(?:cat|head|tail|less|more|bat|nl|wc|sed -n)$/;
// Programs that search: the first non-option argument is the pattern (for `find` and `ls`, a folder).
const searchers = /^(?:rg|grep|egrep|ag|ack|git grep)$/;
const listers = /^(?:ls|find|tree|fd)$/;

/** Splits a command line into words, honouring simple single and double quotes. */
function words(command: string): string[] {
  return [...command.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2] ?? match[3]);
}

/** The shell segments of a command line: split at `&&`, `||`, `;` and `|` outside quotes (`grep -E "a|b"` is one). */
function segments(command: string): string[] {
  const parts: string[] = [];
  let quote: string | undefined;
  let start = 0;
  for (let index = 0; index < command.length; index++) {
    const char = command[index];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === ';' || char === '|' || (char === '&' && command[index + 1] === '&')) {
      parts.push(command.slice(start, index));
      if (command[index + 1] === char) index++;
      start = index + 1;
    }
  }
  parts.push(command.slice(start));
  return parts.map((part) => part.trim()).filter((part) => part.length > 0);
}

// Options of the search programs that take a value (`-t go`, `--glob '*.ts'`, `-A 3`, `-m1`): the value is neither the
// pattern nor a place. Short letters differ by program (`grep -T` takes none, `rg -T` a type); `-e`/`--regexp` give
// the pattern itself and `-f`/`--file` a file of patterns.
const shortValueOptions: Record<string, string> = { rg: 'ABCEMTefgjmrt', ag: 'ABCGm', ack: 'ABCm' };
const grepShortValueOptions = 'ABCDdefm';
const longValueOptions = new Set([
  '--regexp', '--file', '--after-context', '--before-context', '--context', '--max-count', '--include', '--exclude', '--exclude-dir',
  '--exclude-from', '--include-dir', '--label', '--binary-files', '--directories', '--devices', '--group-separator', '--type', '--type-not',
  '--type-add', '--type-clear', '--glob', '--iglob', '--max-depth', '--max-filesize', '--threads', '--max-columns', '--replace', '--encoding',
  '--sort', '--sortr', '--ignore-file', '--pre', '--pre-glob', '--path-separator', '--ignore', '--ignore-dir', '--depth',
  '--file-search-regex', '--after', '--before', '--output', '--match',
]);
// `grep --color` takes its value only after `=`; rg's takes the next word.
const rgLongValueOptions = new Set(['--color', '--colors']);

/**
 * A search command's pattern and the words after it (the places searched), its options and their values skipped;
 * undefined when it names no pattern (patterns read from a file, or none at all).
 */
function searchOf(program: string, args: readonly string[]): { pattern: string; places: string[] } | undefined {
  const shortValues = shortValueOptions[program] ?? grepShortValueOptions;
  const patterns: string[] = [];
  const positionals: string[] = [];
  let hasPatternFile = false;
  const onValue = (option: string, value: string | undefined) => {
    if ((option === 'e' || option === '--regexp') && value !== undefined) patterns.push(value);
    if (option === 'f' || option === '--file') hasPatternFile = true;
  };
  for (let index = 0; index < args.length; index++) {
    const word = args[index];
    if (word === '--') {
      positionals.push(...args.slice(index + 1));
      break;
    }
    if (word.startsWith('--')) {
      const equals = word.indexOf('=');
      const name = equals === -1 ? word : word.slice(0, equals);
      if (!longValueOptions.has(name) && !(program === 'rg' && rgLongValueOptions.has(name))) continue;
      onValue(name, equals === -1 ? args[++index] : word.slice(equals + 1));
    } else if (word.startsWith('-') && word.length > 1) {
      // A bundle (`-rnA3`, `-rne`): the first letter that takes a value takes the rest of the word, or the next word.
      for (let at = 1; at < word.length; at++) {
        if (!shortValues.includes(word[at])) continue;
        onValue(word[at], at + 1 < word.length ? word.slice(at + 1) : args[++index]);
        break;
      }
    } else {
      positionals.push(word);
    }
  }
  if (patterns.length > 0) return { pattern: patterns.join('|'), places: positionals };
  const [pattern, ...places] = positionals;
  return pattern === undefined || hasPatternFile ? undefined : { pattern, places };
}

/** A path-like argument: not an option, not a redirection, not a glob alone. */
function isPathArgument(word: string): boolean {
  return !word.startsWith('-') && !/^\d*[<>]/.test(word) && /[\w.]/.test(word) && word !== '.' && !/^\d+$/.test(word) && !/[$()`{}*]/.test(word);
}

/**
 * The files a shell command line reads and the searches it runs, each as a lookup, in order; a file read or a folder
 * listed in a temporary or build output folder (`isScratch`) is output, not the project's, and left out.
 */
function shellLookups(command: string, isScratch: (path: string, isFolder: boolean) => boolean): Lookup[] {
  const found: Lookup[] = [];
  for (const segment of segments(command)) {
    // What follows an output redirection or a here-document is written, not read (`cat > x.go << 'EOF'`). The `s` flag
    // lets the cut run to the end whatever the characters: `.*$` stopping at a `\r` is retried from every `>` after it.
    const parts = words(segment.replace(/(?<![\d&])>.*|<<.*/s, ''));
    const [program, second] = parts;
    if (program === undefined) continue;
    const head = program === 'git' && second === 'grep' ? 'git grep' : program === 'sed' && second === '-n' ? 'sed -n' : program;
    const rest = parts.slice(head.split(' ').length);
    if (filePrinters.test(head)) {
      const args = rest.filter(isPathArgument).filter((word) => !(head === 'sed -n' && /^[\d,$p;]+$/.test(word)));
      for (const path of head === 'sed -n' ? args.slice(-1) : args) if (/[./]/.test(path) && !isScratch(path, false)) found.push({ text: path, isRead: true });
    } else if (searchers.test(head)) {
      const search = searchOf(head, rest);
      if (search !== undefined) found.push({ text: searchText(search.pattern, search.places.filter(isPathArgument).join(' ')), isRead: false });
    } else if (listers.test(head)) {
      const places = rest.filter((word) => isPathArgument(word) && !isScratch(word, true));
      if (places.length > 0) found.push({ text: `listed ${places.slice(0, 3).join(' ')}`, isRead: false });
    }
  }
  return found;
}

function searchText(pattern: string, place: string | undefined, isFileSearch = false): string {
  return `${isFileSearch ? 'looked for files' : 'searched'} \`${pattern.replace(/`/g, "'")}\`${place ? ` in ${place}` : ''}`;
}

// Search tools that match file names, not contents (Claude Code's Glob, Cursor's file_search).
const fileSearchTools = /(?:^|__)(?:glob|file_search|find|list_files|list_dir|list_directory)$/i;

/**
 * Every search (a search tool's pattern and folder) and every shell read or search, newest last, each once; reads of
 * files the tools already list (`known`) left out.
 */
export function sessionLookups(actions: readonly ToolAction[], root: string | undefined, known: ReadonlySet<string>): Lookup[] {
  const seen = new Set<string>();
  const found: Lookup[] = [];
  // As the files the tools read are: by the repo-relative form (a project may itself lie under /tmp). A folder listed
  // is read as a file's folder, and one that usually holds output (`build/`, `coverage/`) is dropped too.
  const isScratch = (path: string, isFolder: boolean) => {
    const relative = relativeTo(root, path);
    return isFolder ? isScratchPath(`${relative.replace(/\/+$/, '')}/`, true) : isScratchPath(relative);
  };
  const add = (lookup: Lookup) => {
    const text = lookup.isRead ? relativeTo(root, lookup.text) : lookup.text;
    if (seen.has(text) || (lookup.isRead && known.has(text))) return;
    seen.add(text);
    found.push({ ...lookup, text });
  };
  for (const action of actions) {
    if (action.kind === 'search' && action.pattern !== undefined) {
      const place = action.path === undefined ? undefined : relativeTo(root, action.path);
      add({ text: searchText(action.pattern, place, fileSearchTools.test(action.tool)), isRead: false });
    } else if (action.kind === 'shell' && action.command !== undefined) {
      for (const lookup of shellLookups(action.command, isScratch)) add(lookup);
    }
  }
  return found;
}

/** The names each file read defines, by repo-relative path (the latest read's), and those of reads whose path is not shown. */
export function readDefinitions(actions: readonly ToolAction[], root: string | undefined): { byFile: Map<string, string[]>; unnamed: string[][] } {
  const byFile = new Map<string, string[]>();
  const unnamed: string[][] = [];
  for (const action of actions) {
    if (action.defines === undefined) continue;
    if (action.path === undefined) unnamed.push(action.defines);
    else byFile.set(relativeTo(root, action.path), action.defines);
  }
  return { byFile, unnamed };
}
