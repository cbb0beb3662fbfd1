import type { WhatIfField } from '../profile-meta';

/** Seed 1's what-if inputs (auto-compactor and unified): the window, the trigger ratio and the reserve. */
export const seedOneWhatIfFields: readonly WhatIfField[] = [
  { id: 'window', label: 'What-if window', parameter: 'window', step: 1000, min: 1, startingValue: (limits) => limits.window },
  { id: 'triggerRatio', label: 'What-if trigger ratio', parameter: 'triggerRatio', step: 0.05, min: 0.01, max: 0.99, emptyValue: null, startingValue: (limits) => limits.triggerRatio },
  { id: 'reserve', label: 'What-if reserve', parameter: 'reserveTokens', step: 1024, min: 0, startingValue: (limits) => limits.reserve },
];
