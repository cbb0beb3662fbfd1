import type { AbMetricRow, AbVariantStats, EncodingName, SettingsProblem } from '../engine';
import type { LiveCallRecord } from '../providers/live/live-summarizer';

/** One variant in `ab --json`. */
export interface AbVariantReport {
  /** The config file it came from (with `#a` / `#b` when both came from one envelope's A/B pair). */
  source: string;
  profile: string;
  summarizer: string;
  stats: AbVariantStats;
  /** Every live provider call of every run (absent for offline runs): host, status, usage, cost — never the key. */
  calls?: LiveCallRecord[];
  /** With `--run-anyway`: this variant's settings that cannot work as set, which ran anyway. */
  forcedSettings?: SettingsProblem[];
}

/** The JSON `ab --json` prints. Field names are a public contract: add fields, never rename. */
export interface AbOutput {
  transcript: string;
  run: number;
  repeat: number;
  /** Which variant the deltas are measured from. */
  baseline: 'a';
  a: AbVariantReport;
  b: AbVariantReport;
  /** Side-by-side metrics; `delta` is B − A. */
  rows: AbMetricRow[];
  summariesDiffer: boolean;
  /**
   * The basis of the token rows (except the gate's own estimate): context tokens = exact count in `encoding` of what
   * the transcript holds + `unstoredOverhead`, the same in both variants since compaction never removes it.
   */
  context: { encoding: EncodingName; unstoredOverhead: number };
}
