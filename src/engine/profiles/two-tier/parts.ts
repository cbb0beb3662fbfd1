/**
 * Seed 3's parts that another profile composes: the one door into this folder for another profile's run code (the
 * page-side door is `meta.ts`; see "Faces" in src/engine/profiles/README.md). `unified` runs seed 3's microcompaction
 * and tier 2, so it checks a hard limit and renders harn's Rust config the way this profile does; everything else in
 * the folder is the seed's own and may change without another profile noticing. Kept by hand: a name is added when a
 * composition needs it, under the group that says why.
 */

// Microcompaction over a message list, as harn cuts tool outputs at dispatch: unified's first in-place stage.
export { microcompactMessages } from './microcompact-pass';

// A hard limit under the tier-1 threshold is a setting no run can succeed with, said in seed 3's words.
export { hardLimitProblem } from './settings-problems';

// The config as harn-vm's Rust `AutoCompactConfig`: unified's Harn snippet ends with the same struct.
export { rustConfigLines, rustDefaults } from './rust-config';
