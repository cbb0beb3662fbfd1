/**
 * The transcript model's entry: messages, blocks and roles, the fates a pass gives each message, tool-call pairing and
 * transcript statistics. Part of `engine` (index.ts), for a file that needs only the model. Generated from what the
 * rest of the house imports.
 */
export type { Fate, Insertion } from './fates';
export type { Block, CompactionMarker, Message, Role, Transcript } from './model';
export { pairToolCalls, type ToolPairReport } from './tool-pairs';
export { transcriptStats, type TranscriptStats } from './transcript-stats';
