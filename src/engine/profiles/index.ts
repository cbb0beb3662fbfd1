/**
 * What the page may know of the profiles without loading their code: ids, metas and their types, code languages, and
 * the upstream-deviation words the docs script prints. The profiles' code (their modules, the registry) is reached
 * only through `engine/headless`.
 */
export * from './meta';
export { codeLanguages } from './code/code-language';
export type { ProfileLimits } from './profile-limits';
export type { KeyParameter, ProfilePreset, WhatIfField } from './profile-meta';
export { testsLabel } from './upstream-deviation';
export { upstreamMarkers, withUpstreamDifferences } from './upstream-markdown';
