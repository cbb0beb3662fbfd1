import { compareConfigs, type EvalComparison } from './eval-comparison';
import type { EvalPolicy, EvalRow } from './eval-protocol';
import { summarizeConfig, type EvalConfigSummary } from './eval-summary';
import { catalogAsOf, catalogSource } from '../providers/prices/catalog';

/** `eval --json`: every policy's totals and distributions, the comparison of two, every row, and what was skipped. */
export interface EvalOutput {
  configs: EvalConfigSummary[];
  comparison?: EvalComparison;
  transcripts: EvalRow[];
  skipped: { file: string; reason: string }[];
  /**
   * Where every cost with caching (`policyCostUsd`, `agentCostUsd`) took its prices, and their date; `yourPrices` lists
   * the models `--prices` priced instead of the catalog (present only when it was given).
   */
  prices: { source: string; asOf: string; yourPrices?: string[] };
}

/**
 * The report over the whole corpus. Rows are put in a fixed order — file, run, then policy in `--config` order — so the
 * output does not depend on which thread finished first.
 */
export function evalOutput(policies: readonly EvalPolicy[], rows: readonly EvalRow[], skipped: readonly { file: string; reason: string }[], files: readonly string[], yourPrices?: readonly string[]): EvalOutput {
  const fileOrder = new Map(files.map((file, index) => [file, index]));
  const policyOrder = new Map(policies.map((policy, index) => [policy.name, index]));
  const transcripts = [...rows].sort(
    (first, second) =>
      (fileOrder.get(first.file) ?? 0) - (fileOrder.get(second.file) ?? 0) ||
      (first.run ?? 0) - (second.run ?? 0) ||
      (policyOrder.get(first.config) ?? 0) - (policyOrder.get(second.config) ?? 0),
  );
  const configs = policies.map((policy) => summarizeConfig(policy.name, policy.profile, transcripts));
  const [a, b] = configs;
  // Operands that do not exist come first (they are in no file list), then files in their order.
  const skippedInOrder = [...skipped].sort((first, second) => (fileOrder.get(first.file) ?? -1) - (fileOrder.get(second.file) ?? -1));
  return { configs, ...(configs.length === 2 ? { comparison: compareConfigs(a, b) } : {}), transcripts, skipped: skippedInOrder, prices: { source: catalogSource, asOf: catalogAsOf, ...(yourPrices ? { yourPrices: [...yourPrices] } : {}) } };
}
