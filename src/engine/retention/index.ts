/** What compaction lost: facts per pass and cumulative, need-weighted retention, and cost against retention. */
export { canShowCost, costSeries, type CostSeries } from './cost-points';
export { extractFacts } from './extract-facts';
export { factCategories, type CategoryRetention, type Fact, type FactCategory, type LossFlag, type PassRetention, type RetentionReport } from './facts';
export { measureRetention } from './measure-retention';
export { neededFacts, type NeededFact } from './need-weighted';
