export { hasLoggedUsage, loggedBill, type LoggedBill } from './logged-bill';
export { cachingSavedUsd, loggedBillBasis, noLoggedUsageNote, usdText } from './logged-bill-words';
export { addCosts, costByKind, noCost, totalOf, type BilledTokens, type CallPrices, type CostByKind, type PriceBook, type PriceOrigin, type TokenPrices } from './prices';
export { simulateCache, type CacheEvent, type ModelCall, type SimulatedCall } from './cache-model';
export { cacheRulesFor, type CacheLifetime, type CacheProvider, type CacheRules } from './cache-rules';
export { replayCost, type AgentCostSummary, type CostPoint, type PolicyCostSummary, type ReplayCost, type ReplayCostInput } from './policy-cost';
export type { MissCount } from './agent-check';
export type { MissCause } from './agent-misses';
