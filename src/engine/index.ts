/**
 * The engine's import surface for other layers (DESIGN §3), as vercel/ai's provider package keeps its own: one line
 * per concept, each concept's `index.ts` a hand-kept list of what it offers the house (knip keeps unused names out;
 * `engine-surface.test.ts` lists every name, so a change to the surface shows in review). Nothing here loads profile
 * code, so the page may import it; what runs profile code is `engine/headless`. `engine/transcript`, `engine/config`
 * and `engine/profiles/meta` are entries of their own. Code outside the engine imports these entries, never a file
 * deeper in; code inside the engine never imports an entry or a concept's index.
 */
export * from './transcript';
export * from './formats';
export * from './tokens';
export * from './config';
export * from './profiles';
export * from './run';
export * from './strategies';
export * from './pins';
export * from './retention';
export * from './probes';
export * from './compare';
export * from './versus';
export * from './replay';
export * from './statistics';
export * from './cost';
export type { ConfigIssue, SettingsProblem } from './issues';
export { isJsonObject } from './json-value';
