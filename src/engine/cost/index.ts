export { hasLoggedUsage, loggedBill, type LoggedBill, type ModelBill, type PricedPart } from './logged-bill';
export { addCosts, costByKind, noCost, totalOf, type BilledTokens, type CallPrices, type CostByKind, type PriceBook, type PriceOrigin, type TokenPrices } from './prices';
