/**
 * The engine's entry for what runs profile code — the profile modules, config parsing against their schemas, settings
 * that cannot work, share validation, config as code, session replay — by concept. Only the worker, the lab, the CLI
 * and the benches import it; the page asks the worker instead, so its bundle carries no profile code. Everything else
 * is in `engine` (index.ts).
 */
// config: a document checked against its profile's schema, and what the check finds.
export { renderConfigCode } from './config/code/render-config-code';
export { describeSettingsProblems, impossibleSettings } from './config/impossible-settings';
export { configuredProfile, labConfigDocument, offlineSummarySchema, parseLabConfig } from './config/lab-config';
export { validateShareEnvelope } from './config/share-validation';
// profiles: the modules themselves.
export { profileModule } from './profiles/registry';
// replay: a whole session under a policy, and its retention.
export { measureReplayRetention } from './replay/replay-retention';
export { replaySession } from './replay/replay-session';
export { meterSummarizers, type PriceCall } from './replay/summarizer-meter';
// tokens: the prefix-counting counter the replay bench measures.
export { prefixCountingCounter } from './tokens/prefix-counting-counter';
