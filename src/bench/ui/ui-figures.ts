import type { LongTask } from './bench-page';
import { mainBundleTargetBytes, type BundleSize } from './bundle-size';
import { maximum, median, type Figure } from './figures';
import type { LoadMeasurement } from './load-step';
import type { PassMeasurement } from './pass-step';
import type { RunMeasurement } from './run-step';
import type { ScrollMeasurement } from './scroll-step';

/** Everything the UI benchmark measured; a string says why a step could not run. */
export interface UiBenchResults {
  /** The scripts the first visit loads up front, gzipped. */
  mainBundle?: BundleSize | string;
  emptyPagePaintMs?: number;
  smallLoad: LoadMeasurement;
  largeLoad: LoadMeasurement;
  /** The 1 MB run without spaces e2e/pathological.spec.ts uploads (the spec asserts where it is counted; this, how long the page's tasks were). */
  noSpacesLoad: LoadMeasurement;
  smallRun: RunMeasurement | string;
  largeRun: RunMeasurement | string;
  largePasses: PassMeasurement | string;
  /** Further runs on the large transcript, made when two-tier gave too few passes to step through. */
  extraRuns: { label: string; run: RunMeasurement | string; passes?: PassMeasurement | string }[];
  /** Pass stepping again with a heavier view open (the views re-render for the pass shown). */
  tabPasses: { tab: string; passes: PassMeasurement | string }[];
  diffScroll: ScrollMeasurement | string;
  transcriptScroll: ScrollMeasurement | string;
  idleFrameP95Ms?: number;
}

function got<T extends object>(value: T | string | undefined): T | undefined {
  return typeof value === 'object' ? value : undefined;
}

function missing(value: object | string | undefined): string | undefined {
  return typeof value === 'string' ? `not available: ${value}` : undefined;
}

function runFigures(label: string, run: RunMeasurement | string | undefined, small: RunMeasurement | string | undefined): Figure[] {
  const measured = got(run);
  const baseline = got(small);
  const against = (value: number | undefined) => (small === undefined ? undefined : { name: 'same run, small file', value });
  const note = missing(run) ?? (measured ? `${measured.status}, ${measured.passCount} passes` : undefined);
  return [
    { measure: `${label}: longest main-thread task`, value: measured?.longestTaskMs ?? (measured ? 0 : undefined), target: '≤ 100 ms', baseline: against(baseline?.longestTaskMs ?? (baseline ? 0 : undefined)), note },
    { measure: `${label}: tasks > 100 ms`, value: measured?.over100Count, unit: 'count', target: '0' },
    { measure: `${label}: tasks > 50 ms`, value: measured?.longTaskCount, unit: 'count', baseline: against(baseline?.longTaskCount) },
    { measure: `${label}: run, click → "Last run"`, value: measured?.durationMs, baseline: against(baseline?.durationMs) },
  ];
}

function passFigures(label: string, passes: PassMeasurement | string | undefined): Figure[] {
  const measured = got(passes);
  const note = missing(passes) ?? (measured ? `${measured.switchMs.length} switches over ${measured.passCount} passes` : undefined);
  return [
    { measure: `${label}: pass switch, median`, value: measured && median(measured.switchMs), target: '≤ 150 ms', baseline: { name: 'no-op ← on Original', value: measured && median(measured.noOpMs) }, note },
    { measure: `${label}: pass switch, max`, value: measured && maximum(measured.switchMs), target: '≤ 150 ms', baseline: { name: 'no-op ← on Original', value: measured && maximum(measured.noOpMs) } },
    { measure: `${label}: longest task while stepping`, value: measured?.longestTaskMs ?? (measured ? 0 : undefined) },
  ];
}

function scrollFigures(diff: ScrollMeasurement | string, transcript: ScrollMeasurement | string): Figure[] {
  const measured = got(diff);
  const yardstick = got(transcript);
  const note = missing(diff) ?? (measured ? `${measured.frames} frames, ${measured.reachedBottom ? 'reached the bottom' : 'stopped before the bottom'}` : undefined);
  const baseline = (value: number | undefined) => ({ name: 'transcript list, same scroll', value });
  return [
    { measure: 'diff scroll: frame interval p95', value: measured?.frameP95Ms, baseline: baseline(yardstick?.frameP95Ms), note },
    { measure: 'diff scroll: frame interval max', value: measured?.frameMaxMs, baseline: baseline(yardstick?.frameMaxMs) },
    { measure: 'diff scroll: longest task', value: measured?.longestTaskMs ?? (measured ? 0 : undefined), target: '≤ 100 ms', baseline: baseline(yardstick?.longestTaskMs ?? (yardstick ? 0 : undefined)) },
  ];
}

/** The three longest tasks as "229 ms at +850 ms" (offsets from the file input's change), longest first. */
function describeTasks(tasks: readonly LongTask[]): string {
  const longest = [...tasks].sort((a, b) => b.duration - a.duration).slice(0, 3);
  const described = longest.map((task) => `${Math.round(task.duration)} ms at +${Math.round(task.start).toLocaleString('en-US')} ms`).join(', ');
  return tasks.length === 0 ? 'no task over 50 ms' : `${tasks.length} over 50 ms; longest ${described}`;
}

/** The printed table's rows, in the order the benchmark ran. */
export function uiFigures(results: UiBenchResults): Figure[] {
  const { smallLoad, largeLoad } = results;
  const bundle = got(results.mainBundle);
  return [
    {
      measure: 'main bundle, gzipped',
      value: bundle?.gzipBytes,
      unit: 'bytes',
      target: `≤ ${mainBundleTargetBytes / 1024} KB`,
      note: missing(results.mainBundle) ?? (bundle ? `${bundle.files.length} up-front scripts: ${bundle.files.map((file) => file.path.replace(/^assets\//, '')).join(', ')}` : undefined),
    },
    { measure: 'empty page: first contentful paint', value: results.emptyPagePaintMs, note: 'navigation → first paint of /?sample=none' },
    { measure: 'load: first render of the transcript', value: largeLoad.firstRenderMs, target: '≤ 1.5 s', baseline: { name: 'small file', value: smallLoad.firstRenderMs }, note: 'file input change → frame with the first message row' },
    { measure: 'load: exact token totals', value: largeLoad.exactTotalsMs, baseline: { name: 'small file', value: smallLoad.exactTotalsMs }, note: largeLoad.totalTokensText },
    { measure: 'load: longest main-thread task', value: largeLoad.longestTaskMs ?? 0, target: '≤ 100 ms (worker counts)', baseline: { name: 'small file', value: smallLoad.longestTaskMs ?? 0 }, note: describeTasks(largeLoad.tasks) },
    { measure: '1 MB without spaces: exact token totals', value: results.noSpacesLoad.exactTotalsMs, baseline: { name: 'small file', value: smallLoad.exactTotalsMs }, note: results.noSpacesLoad.totalTokensText },
    { measure: '1 MB without spaces: longest main-thread task', value: results.noSpacesLoad.longestTaskMs ?? 0, target: '≤ 100 ms (worker counts)', baseline: { name: 'small file', value: smallLoad.longestTaskMs ?? 0 }, note: describeTasks(results.noSpacesLoad.tasks) },
    ...runFigures('two-tier run', results.largeRun, results.smallRun),
    ...passFigures('two-tier', results.largePasses),
    ...results.extraRuns.flatMap((extra) => [...runFigures(`${extra.label} run`, extra.run, undefined), ...(extra.passes === undefined ? [] : passFigures(extra.label, extra.passes))]),
    ...results.tabPasses.flatMap((entry) => passFigures(`${entry.tab} tab`, entry.passes)),
    ...scrollFigures(results.diffScroll, results.transcriptScroll),
    { measure: 'idle page: frame interval p95', value: results.idleFrameP95Ms, note: 'the display rate when nothing happens' },
  ];
}
