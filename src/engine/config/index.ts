/**
 * The config's entry, for the page as much as the worker: share envelopes, links and their reading, secret scanning,
 * canonical JSON, the prompt catalog and the config's types. Parsing a config against the profiles' schemas runs profile
 * code and lives in `engine/headless`. Part of `engine` (index.ts). Generated from what the rest of the house imports.
 */
export * from './document';
export { canonicalJson } from './canonical-json';
export type { LabConfig } from './lab-config';
export { promptSlots, promptSlotsOf, unknownVariables, upstreamPlaceholderProblem, type PromptSlot } from './prompt-catalog';
export { describeSecrets, entropy, findSecrets, maskSecretsIn } from './secret-scan';
export { shareEnvelopeOf, type ShareEnvelope } from './share-envelope';
export { decodeShareFragment, encodeShareFragment, type Compressor, type ShareFragment } from './share-fragment';
