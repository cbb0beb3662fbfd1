/** The most words a command core keeps: the program and what says what it does (`npm run build`, `mix test test/x.exs`). */
const coreMaxWords = 3;

/** Programs that only set the stage for the command that does the work (`cd repo && npm test`). */
const setupPrograms = new Set(['cd', 'pushd', 'popd', 'export', 'source', '.', 'set', 'true', 'unset']);

/** Words that wrap a command without being it. */
const wrappers = new Set(['sudo', 'command', 'time', 'exec', 'nohup']);

/**
 * The core of a shell command, as a context would name it: the first command of the line that does something (after
 * `cd x &&`, `export A=b;`, environment assignments, `sudo`), the producer of a pipeline (`npm test 2>&1 | tail` →
 * `npm test`), without redirections, cut before a quoted argument or `--` and at `coreMaxWords` words.
 */
export function commandCore(command: string): string | undefined {
  const firstLine = command.split('\n').find((line) => line.trim() !== '') ?? '';
  for (const segment of firstLine.split(/&&|\|\||;|\|/)) {
    const words: string[] = [];
    let isRedirectTarget = false;
    for (const word of segment.trim().split(/\s+/)) {
      // `> out.txt`, `2>&1`, `<input`: where output goes is not what the command does.
      if (isRedirectTarget) isRedirectTarget = false;
      else if (/^\d*(?:[<>]+|&>)&?$/.test(word)) isRedirectTarget = true;
      else if (word !== '' && !/^\d*(?:[<>]|&>)/.test(word) && !(words.length === 0 && /^\w+=/.test(word))) words.push(word);
    }
    while (words.length > 0 && wrappers.has(words[0])) words.shift();
    if (words.length === 0 || setupPrograms.has(words[0])) continue;
    // A quoted argument (a script, a message) or what follows `--` (passed through) is not what names the command.
    const quoted = words.findIndex((word) => /^["'`$(]/.test(word) || word === '--');
    const kept = words.slice(0, Math.min(coreMaxWords, quoted < 0 ? words.length : Math.max(quoted, 1)));
    return kept.join(' ');
  }
  return undefined;
}
