export { hasLoggedUsage, loggedBill, type LoggedBill } from './logged-bill';
export { cachingSavedUsd, loggedBillBasis, noLoggedUsageNote, usdText } from './logged-bill-words';
export { costByKind, totalOf, type BilledTokens, type CallPrices, type CostByKind, type PriceBook, type TokenPrices } from './prices';
export { replayCost, type AgentCostSummary, type CostPoint, type PolicyCostSummary, type ReplayCost } from './policy-cost';
export { compactionCost, type CompactionCost } from './compaction-cost';
