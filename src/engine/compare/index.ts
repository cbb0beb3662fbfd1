/** A/B comparison: two variants' runs measured on one basis, row by row. */
export { compareVariants, type AbCell, type AbMetricKind, type AbMetricRow, type AbRun, type AbVariantStats } from './ab-compare';
