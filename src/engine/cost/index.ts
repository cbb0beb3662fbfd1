export { addCosts, costByKind, noCost, totalOf, type BilledTokens, type CallPrices, type CostByKind, type PriceBook, type PriceOrigin, type TokenPrices } from './prices';
