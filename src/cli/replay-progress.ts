import { printableLine } from './terminal-text';

/** How often a terminal's progress line is redrawn at most: often enough to move, rarely enough to cost nothing. */
const redrawMs = 100;

/** A progress line on stderr: `update` as work goes on, `done` once it is over (the last state is then printed). */
export interface ProgressLine {
  update(text: string, done: number, total: number): void;
  done(): void;
}

/**
 * A progress line on `stream`. On a terminal it is redrawn in place (at most every 100 ms) and wiped when done, so
 * the report that follows starts on a clean line. Elsewhere (a log, a pipe) it is silent when `piped` is `silent`,
 * and with `sparse` prints a line at each tenth of the way and at the end, so a log shows progress without flooding.
 * Every line is prefixed like the CLI's other stderr lines and escaped (a file name may hold control bytes).
 */
export function progressLine(stream: NodeJS.WriteStream, piped: 'silent' | 'sparse'): ProgressLine {
  const prefix = 'compaction-lab: ';
  if (stream.isTTY) {
    let drawnAt = Number.NEGATIVE_INFINITY;
    let last = '';
    let shown = false;
    const draw = (text: string) => {
      stream.write(`\r\u001b[2K${prefix}${printableLine(text)}`);
      shown = true;
    };
    return {
      update(text) {
        last = text;
        const now = performance.now();
        if (now - drawnAt < redrawMs) return;
        drawnAt = now;
        draw(text);
      },
      done() {
        if (piped === 'sparse' && last !== '') {
          draw(last);
          stream.write('\n');
        } else if (shown) stream.write('\r\u001b[2K');
      },
    };
  }
  if (piped === 'silent') return { update: () => undefined, done: () => undefined };
  let printedTenth = -1;
  let unprinted: string | undefined;
  return {
    update(text, done, total) {
      const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
      unprinted = text;
      if (tenth === printedTenth) return;
      printedTenth = tenth;
      unprinted = undefined;
      stream.write(`${prefix}${printableLine(text)}\n`);
    },
    done() {
      // The final state is printed once, unless the last update already printed it.
      if (unprinted !== undefined) stream.write(`${prefix}${printableLine(unprinted)}\n`);
    },
  };
}
