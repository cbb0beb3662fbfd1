export { hasLoggedUsage, loggedBill, type LoggedBill } from './logged-bill';
export { cachingSavedUsd, loggedBillBasis, noLoggedUsageNote, priceOriginWords, usdText } from './logged-bill-words';
export { costByKind, totalOf, type BilledTokens, type CallPrices, type CostByKind, type KindOrigins, type PriceBook, type TokenPrices } from './prices';
export { replayCost, type AgentCostSummary, type CostPoint, type PolicyCostSummary, type ReplayCost } from './policy-cost';
export { compactionCost, loggedNextCall, transcriptCacheLifetime, type CompactionCost } from './compaction-cost';
export type { LifetimeReading } from './cache-lifetime';
