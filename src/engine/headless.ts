/**
 * The engine's entry for what runs profile code: the profile modules, config parsing against their schemas, impossible
 * settings, share validation and config as code. Only the worker, the lab, the CLI and the benches import it; the page
 * asks the worker instead, so its bundle carries no profile code. Everything else is in `engine` (index.ts).
 * Generated from what the rest of the house imports.
 */
export { renderConfigCode } from './config/code/render-config-code';
export { describeSettingsProblems, impossibleSettings } from './config/impossible-settings';
export { configuredProfile, labConfigDocument, offlineSummarySchema, parseLabConfig } from './config/lab-config';
export { validateShareEnvelope } from './config/share-validation';
export { profileModule } from './profiles/registry';
export { measureReplayRetention } from './replay/replay-retention';
export { replaySession } from './replay/replay-session';
export type { PriceCall } from './replay/summarizer-meter';
export { prefixCountingCounter } from './tokens/prefix-counting-counter';
