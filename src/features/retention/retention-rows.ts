import { factCategories, type CategoryRetention, type Fact, type FactCategory, type PassRetention } from '../../engine';
import { formatInteger, formatPercent } from '../../ui/format';

/** How each fact category is named on the page. */
const categoryLabels: Record<FactCategory, string> = {
  path: 'File paths',
  identifier: 'Identifiers',
  error: 'Errors and failing tests',
  command: 'Commands',
  url: 'URLs',
  number: 'Numbers with units',
  request: 'User requests and constraints',
  todo: 'Open TODOs',
  decision: 'Decisions',
};

/** Kept of total facts; `ratio` is undefined when there were no facts (no facts is not "100% kept"). */
export interface Share {
  kept: number;
  total: number;
  ratio?: number;
}

/** One row of the "Retention by category" table: all facts first, then each category that had any. */
export interface RetentionRow {
  category: FactCategory | 'all';
  label: string;
  perPass: Share;
  cumulative: Share;
}

/** The share kept of one category's (or all) facts. */
export function shareOf(retention: CategoryRetention): Share {
  return { kept: retention.kept, total: retention.total, ratio: retention.total > 0 ? retention.kept / retention.total : undefined };
}

/** "80.0% (8 of 10)", or "no facts" when there were none; the column header says what the facts are. */
export function describeShare(share: Share): string {
  if (share.ratio === undefined) return 'no facts';
  if (share.kept === 0) return `0% (0 of ${formatInteger(share.total)})`;
  return `${formatPercent(share.ratio)} (${formatInteger(share.kept)} of ${formatInteger(share.total)})`;
}

/** "Needed later: 85.0% (17 of 20 facts the transcript used after the compacted part)". */
export function describeNeedWeighted(needWeighted: { score: number; needed: number; kept: number }): string {
  const share = needWeighted.kept === 0 ? '0%' : formatPercent(needWeighted.score);
  return `Needed later: ${share} (${formatInteger(needWeighted.kept)} of ${formatInteger(needWeighted.needed)} facts the transcript used after the compacted part)`;
}

/** The table rows of one pass: all facts, then the categories that had facts in this pass or so far, in category order. */
export function retentionRows(retention: PassRetention): RetentionRow[] {
  const rows: RetentionRow[] = [{ category: 'all', label: 'All facts', perPass: shareOf(retention.perPass), cumulative: shareOf(retention.cumulative) }];
  for (const category of factCategories) {
    const perPass = retention.perPass.byCategory[category] ?? { total: 0, kept: 0 };
    const cumulative = retention.cumulative.byCategory[category] ?? { total: 0, kept: 0 };
    if (perPass.total === 0 && cumulative.total === 0) continue;
    rows.push({ category, label: categoryLabels[category], perPass: shareOf(perPass), cumulative: shareOf(cumulative) });
  }
  return rows;
}

/** Lost facts of one category, in the order the engine listed them. */
export interface LostGroup<F extends Fact = Fact> {
  category: FactCategory;
  label: string;
  facts: F[];
}

/** Groups lost facts by category, in category order, leaving out categories that lost nothing. */
export function groupLostFacts<F extends Fact>(lost: readonly F[]): LostGroup<F>[] {
  const byCategory = new Map<FactCategory, F[]>();
  for (const fact of lost) {
    const facts = byCategory.get(fact.category);
    if (facts) facts.push(fact);
    else byCategory.set(fact.category, [fact]);
  }
  return factCategories.flatMap((category) => {
    const facts = byCategory.get(category);
    return facts ? [{ category, label: categoryLabels[category], facts }] : [];
  });
}

/** Index of every message id in the original run, so a fact or flag can point at its source message. */
export function sourceIndexes(messages: readonly { id: string }[]): Map<string, number> {
  return new Map(messages.map((message, index) => [message.id, index]));
}
