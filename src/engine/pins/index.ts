/**
 * Pinned lines: candidates worth pinning in a transcript. A config's own pins are read through `engine/config`
 * (`declaredPins`, `withPinnedLine`), which knows each profile's pin style.
 */
export { pinCandidates, type PinCandidate } from './pin-candidates';
