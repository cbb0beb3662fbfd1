/** Strategies the profiles compose, as far as callers outside the engine read them (harn values, mask overrides). */
export { toHarnValue, type HarnValue } from './harn-value';
export { readMaskOverrides } from './observation-mask';
