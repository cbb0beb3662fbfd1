/** The most words a command core keeps: the program and what says what it does (`npm run build`, `mix test test/x.exs`). */
const coreMaxWords = 3;

/** Programs that only set the stage for the command that does the work (`cd repo && npm test`). */
const setupPrograms = new Set(['cd', 'pushd', 'popd', 'export', 'source', '.', 'set', 'true', 'unset']);

/** Words that wrap a command without being it. */
const wrappers = new Set(['sudo', 'command', 'time', 'exec', 'nohup']);

/** Programs a command's output is piped into only to be looked at: `npm test 2>&1 | tail -20` runs `npm test`. */
const displayFilters = new Set(['head', 'tail', 'less', 'more', 'cat', 'tee', 'grep', 'egrep', 'rg', 'sort', 'uniq', 'wc', 'cut', 'column']);

/** One command of a shell line, with the separator that came before it (`''` for the first). */
interface Stage {
  separator: string;
  /** Its words without environment assignments, wrappers (`sudo`, `time`) or redirections (`2>&1`, `> out.txt`). */
  words: string[];
}

/**
 * The first non-empty line of a command cut at `&&`, `||`, `;` and `|` outside quotes and parentheses (a `$(…)`
 * substitution or a subshell is part of the command around it), each part with the separator before it.
 */
function splitStages(command: string): { separator: string; text: string }[] {
  const line = command.split('\n').find((candidate) => candidate.trim() !== '') ?? '';
  const parts: { separator: string; text: string }[] = [];
  let separator = '';
  let start = 0;
  let quote = '';
  let depth = 0;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (quote !== '') {
      if (char === quote) quote = '';
      continue;
    }
    if (char === '"' || char === "'" || char === '`') quote = char;
    else if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    if (quote !== '' || depth > 0 || char === ')') continue;
    const next = line.slice(index, index + 2);
    const found = next === '&&' || next === '||' ? next : char === ';' || char === '|' ? char : '';
    if (found === '') continue;
    parts.push({ separator, text: line.slice(start, index) });
    separator = found;
    index += found.length - 1;
    start = index + 1;
  }
  parts.push({ separator, text: line.slice(start) });
  return parts;
}

/** A shell line's commands, each without environment assignments, wrappers or redirections. */
function stagesOf(command: string): Stage[] {
  return splitStages(command).map(({ separator, text }) => {
    const words: string[] = [];
    let isRedirectTarget = false;
    for (const word of text.trim().split(/\s+/)) {
      // `> out.txt`, `2>&1`, `<input`: where output goes is not what the command does.
      if (isRedirectTarget) isRedirectTarget = false;
      else if (/^\d*(?:[<>]+|&>)&?$/.test(word)) isRedirectTarget = true;
      // `A=b cmd` sets the stage; `a=$(cmd)` captures what `cmd` prints, and is the command.
      else if (word !== '' && !/^\d*(?:[<>]|&>)/.test(word) && !(words.length === 0 && /^\w+=(?![$]\(|`)/.test(word))) words.push(word);
    }
    while (words.length > 0 && wrappers.has(words[0])) words.shift();
    return { separator, words };
  });
}

/** True for a stage that sets the stage (`cd x`, `export A=b`) or does nothing (an empty part). */
const isSetup = (stage: Stage): boolean => stage.words.length === 0 || setupPrograms.has(stage.words[0]);

/**
 * The core of a shell command, as a context would name it: the first command of the line that does something (after
 * `cd x &&`, `export A=b;`, environment assignments, `sudo`), the producer of a pipeline (`npm test 2>&1 | tail` →
 * `npm test`), without redirections, cut before a quoted argument or `--` and at `coreMaxWords` words.
 */
export function commandCore(command: string): string | undefined {
  const stage = stagesOf(command).find((candidate) => !isSetup(candidate));
  if (!stage) return undefined;
  const { words } = stage;
  // A quoted argument (a script, a message) or what follows `--` (passed through) is not what names the command.
  const quoted = words.findIndex((word) => /^["'`$(]/.test(word) || word === '--');
  return words.slice(0, Math.min(coreMaxWords, quoted < 0 ? words.length : Math.max(quoted, 1))).join(' ');
}

/**
 * The command a shell line runs, whole, as retention tells one command from another: the one command of the line that
 * does the work, with every argument of its own (unlike `commandCore`, never cut at `coreMaxWords` or at a quoted
 * argument: `go test ./a` and `go test ./b` are two commands), without what only wraps it — `cd x &&` and other setup
 * before it, environment assignments, `sudo`/`time`, redirections (`2>&1`), and pipes into a display filter after it
 * (`| tail -20`, `| head`, `| grep FAIL`). Undefined when the line runs more than one command that does work
 * (`make && make test`, `gh api … | jq …`): then only its own text names it.
 */
export function wholeCommand(command: string): string | undefined {
  const stages = stagesOf(command);
  const producer = stages.findIndex((stage) => !isSetup(stage));
  if (producer < 0) return undefined;
  const rest = stages.slice(producer + 1);
  const isAside = (stage: Stage): boolean => isSetup(stage) || stage.words[0] === 'echo' || (stage.separator === '|' && displayFilters.has(stage.words[0]));
  return rest.every(isAside) ? stages[producer].words.join(' ') : undefined;
}
