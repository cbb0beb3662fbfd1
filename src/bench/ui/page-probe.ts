/**
 * The measuring code the benchmark installs in the page before the app's own scripts run (Playwright `addInitScript`).
 * It is plain JavaScript in a string so no TypeScript helper (tsx keeps function names with a `__name` helper the
 * page does not have) leaks into the page. It exposes `window.__uiBench`:
 *
 * - `longTasks`: every main-thread task over 50 ms (PerformanceObserver `longtask`), `{ start, duration }`;
 *   `tasksBetween(from, to)` those overlapping a span.
 * - `fileChosenAt`: `performance.now()` when a file input fired `change` (the upload's start, as the page sees it).
 * - `watch(name, selector)`: starts waiting for a visible element matching `selector`; `pending[name]` resolves to
 *   `{ at, paintedAt }`: when the DOM had it, and when the frame that shows it was done (a message posted from the
 *   next animation frame runs after that frame's style, layout and paint).
 * - `armKey(selector)`: resolves `{ keyAt, domAt, paintedAt }` for the next key press: `keyAt` is the key event's
 *   time stamp, `domAt` when `selector` first matched after it (or the key event itself, for a press that should change
 *   nothing), `paintedAt` when the following frame was done.
 * - `armRun(selector)`: resolves `{ runningAt, endedAt, text }` once the status element matching `selector` has gone
 *   from "Running…" to "Last run: …" (or straight to a different "Last run: …" when the run was refused).
 * - `scrollThrough(selector, maxSteps)`: scrolls the element (or its scrolling ancestor or descendant) to the bottom,
 *   one step per animation frame, and resolves the frame-to-frame intervals with the span it covered.
 * - `idleFrames(count)`: frame intervals of the page doing nothing, the yardstick for the scroll figures.
 */
export const pageProbeScript = String.raw`
(() => {
  const bench = { longTasks: [], fileChosenAt: undefined, pending: {} };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    bench.longTasksSupported = true;
  } catch {
    bench.longTasksSupported = false;
  }
  document.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type === 'file') bench.fileChosenAt = performance.now();
  }, true);
  const afterNextFrame = () => new Promise((resolve) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    });
  });
  const isVisible = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const whenPresent = (selector) => new Promise((resolve) => {
    const found = () => { const element = document.querySelector(selector); return element !== null && isVisible(element); };
    if (found()) { resolve(performance.now()); return; }
    const observer = new MutationObserver(() => {
      if (!found()) return;
      observer.disconnect();
      resolve(performance.now());
    });
    observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  bench.tasksBetween = (from, to) => bench.longTasks.filter((task) => task.start + task.duration > from && task.start < to);
  bench.watch = (name, selector) => {
    bench.pending[name] = whenPresent(selector).then(async (at) => ({ at, paintedAt: await afterNextFrame() }));
  };
  bench.armKey = (selector) => new Promise((resolve) => {
    window.addEventListener('keydown', async (event) => {
      const keyAt = event.timeStamp;
      const domAt = selector ? await whenPresent(selector) : performance.now();
      resolve({ keyAt, domAt, paintedAt: await afterNextFrame() });
    }, { capture: true, once: true });
  });
  bench.armRun = (selector) => new Promise((resolve) => {
    const textNow = () => document.querySelector(selector)?.textContent ?? '';
    const initial = textNow();
    let runningAt;
    const observer = new MutationObserver(() => {
      const text = textNow();
      if (runningAt === undefined && /^Running/.test(text)) runningAt = performance.now();
      if (!/^Last run:/.test(text) || (runningAt === undefined && text === initial)) return;
      observer.disconnect();
      resolve({ runningAt, endedAt: performance.now(), text });
    });
    observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true });
  });
  const canScroll = (element) => element.scrollHeight > element.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(element).overflowY);
  const scroller = (element) => {
    for (let node = element; node; node = node.parentElement) if (canScroll(node)) return node;
    return [...element.querySelectorAll('*')].find(canScroll);
  };
  bench.scrollThrough = (selector, maxSteps) => new Promise((resolve) => {
    const target = document.querySelector(selector);
    const element = target && scroller(target);
    if (!element) { resolve(undefined); return; }
    element.scrollTop = 0;
    const intervals = [];
    const from = performance.now();
    let last;
    let steps = 0;
    const tick = (now) => {
      if (last !== undefined) intervals.push(now - last);
      last = now;
      const atBottom = element.scrollTop + element.clientHeight >= element.scrollHeight - 1;
      if (atBottom || steps >= maxSteps * 2) {
        resolve({ intervals, steps, from, to: performance.now(), reachedBottom: atBottom, scrollHeight: element.scrollHeight, rowsInDom: target.children.length });
        return;
      }
      // Rows measured on the way change the total height, so each step covers an equal share of what is left.
      const left = element.scrollHeight - element.clientHeight - element.scrollTop;
      element.scrollTop += Math.max(element.clientHeight * 0.8, left / Math.max(1, maxSteps - steps));
      steps += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  bench.idleFrames = (count) => new Promise((resolve) => {
    const intervals = [];
    let last;
    const tick = (now) => {
      if (last !== undefined) intervals.push(now - last);
      last = now;
      if (intervals.length >= count) resolve(intervals);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  window.__uiBench = bench;
})();
`;
