import { configSchemaVersion } from '../../engine/config/config-version';
import { profileMeta, type ProfileId } from '../../engine/profiles/meta';

/**
 * A starting config: a seed's defaults, a host's documented variant, or an approximation of a peer's documented
 * behaviour in our profiles' real fields. `parameters` gets the page's context window, since most rules are relative.
 */
export interface ConfigPreset {
  id: string;
  label: string;
  profile: ProfileId;
  /** True when the preset only approximates a system that is not one of our seeds. */
  isApproximation: boolean;
  /** Where the numbers come from (a section of the shared spec). */
  source: string;
  /** What the preset cannot reproduce, in a sentence. */
  note?: string;
  /** True when the preset leaves the window unset (Harn without a discovered model window: no threshold adaptation). */
  leavesWindowUnset?: boolean;
  parameters(window: number): Record<string, unknown>;
}

const intDiv = (left: number, right: number) => Math.floor(left / right);

/** Seed 1's legacy `CompactionSettings.forWindow(w)` (spec §1.3). */
function legacyForWindow(window: number): { reserveTokens: number; keepRecentTokens: number } {
  let reserveTokens = Math.min(16384, Math.max(1024, intDiv(window, 4)));
  let keepRecentTokens = Math.min(20000, Math.max(2048, intDiv(window, 2)));
  if (reserveTokens >= intDiv(window, 2)) reserveTokens = Math.max(128, intDiv(window, 4));
  if (keepRecentTokens >= window) keepRecentTokens = Math.max(256, intDiv(window, 2));
  return { reserveTokens, keepRecentTokens };
}

/** Every preset, seeds first, then peers' approximations. */
export const configPresets: readonly ConfigPreset[] = [
  { id: 'dart-defaults', label: 'Dart AutoCompactor defaults', profile: 'auto-compactor', isApproximation: false, source: 'seed-semantics.md §1.2–1.3 (defaultCompactionSettings: reserve 16384, keep 20000)', parameters: () => ({}) },
  {
    id: 'dart-cli', label: 'Dart CLI host default (ratio 0.7, reserve 50,000, keep 80,000)', profile: 'auto-compactor', isApproximation: false,
    source: 'seed-semantics.md §1.3 (CLI docs 1.0.658: triggerRatio 0.7, reserve 50000, keep 80000)',
    note: 'The ratio rule is inferred (the seed did not publish its formula).',
    parameters: () => ({ triggerRatio: 0.7, reserveTokens: 50000, keepRecentTokens: 80000 }),
  },
  {
    id: 'dart-for-window', label: 'Dart CompactionSettings.forWindow(window) (legacy rule)', profile: 'auto-compactor', isApproximation: false,
    source: 'seed-semantics.md §1.3 (forWindow legacy rule and its table)', parameters: (window) => legacyForWindow(window),
  },
  { id: 'adk-defaults', label: 'ADK assembleCompactedTurns defaults', profile: 'rolling-summary', isApproximation: false, source: 'seed-semantics.md §2.2 (keepVerbatim 2, summariseAtTokens 2500)', parameters: () => ({}) },
  {
    id: 'harn-raw', label: 'Harn AutoCompactConfig::default()', profile: 'two-tier', isApproximation: false, leavesWindowUnset: true,
    source: 'seed-semantics.md §3.2 (keep_last 12, threshold 48000, observation_mask / llm, no hard limit)', parameters: () => ({}),
  },
  {
    id: 'harn-agent-loop', label: 'Harn agent-loop hybrid (keep_last 10)', profile: 'two-tier', isApproximation: false,
    source: 'seed-semantics.md §3.2 (agent_loop default Hybrid{keep_first_n:0, keep_last_n:10}: tier 1 llm, tier 2 truncate)',
    parameters: () => ({ policyStrategy: 'hybrid', keepFirst: 0, keepLast: 10 }),
  },
  {
    id: 'harn-worker-carry', label: 'Harn worker carry (keep_last 2, truncate)', profile: 'two-tier', isApproximation: false, leavesWindowUnset: true,
    source: 'seed-semantics.md §3.2 (worker carry, transcript_mode "compact": keep_last 2, Truncate, no hard limit)',
    parameters: () => ({ keepLast: 2, compactStrategy: 'truncate', hardLimitTokens: null }),
  },
  { id: 'unified-defaults', label: 'Unified pipeline defaults', profile: 'unified', isApproximation: false, source: 'unified-config.ts (seed 1 gate and ladder, seed 3 microcompaction, masking, tier 2)', parameters: () => ({}) },
  {
    id: 'claude-code', label: 'Claude Code (window − 13k trigger) — approximation', profile: 'auto-compactor', isApproximation: true,
    source: 'anchors.md §1.3 Claude Code (effectiveWindow − 13,000, quoted in anthropics/claude-code#31806)',
    note: 'Claude Code keeps no verbatim token tail of its own; the seed’s keepRecentTokens stays at its default.',
    parameters: () => ({ reserveTokens: 13000 }),
  },
  {
    id: 'codex', label: 'Codex CLI (90 % of window) — approximation', profile: 'auto-compactor', isApproximation: true,
    source: 'anchors.md §1.2 OpenAI Codex CLI (auto_compact_token_limit = context_window × 9 / 10)',
    note: 'The gate is min(window − reserve, 0.9 × window): below a 163,840-token window the reserve fires first.',
    parameters: () => ({ triggerRatio: 0.9 }),
  },
  {
    id: 'gemini-cli', label: 'Gemini CLI (50 % trigger, keep the newest 30 %) — approximation', profile: 'auto-compactor', isApproximation: true,
    source: 'anchors.md §1.4 Google Gemini CLI (COMPRESSION_TOKEN_THRESHOLD 0.5, COMPRESSION_PRESERVE_THRESHOLD 0.3)',
    note: 'Gemini measures the kept 30 % in JSON characters; here it is 30 % of the window in tokens.',
    parameters: (window) => ({ triggerRatio: 0.5, keepRecentTokens: Math.floor(window * 0.3) }),
  },
  {
    id: 'openhands', label: 'OpenHands (keep_first 4, summarizing window) — approximation', profile: 'two-tier', isApproximation: true,
    source: 'anchors.md §1.1 OpenHands (LLMSummarizingCondenser keep_first 4, max_size 120 → condensed to max_size // 2)',
    note: 'OpenHands counts events (over 120); here tier 1 fires on seed 3’s token threshold and keeps 55 messages after the head.',
    parameters: () => ({ keepFirst: 4, keepLast: 55, compactStrategy: 'llm' }),
  },
  {
    id: 'opencode', label: 'opencode (prune old tool output beyond 40k) — approximation', profile: 'unified', isApproximation: true,
    source: 'anchors.md §1.15 opencode (PRUNE_PROTECT 40,000 tokens of tool output, reserved min(20,000, max output), stall < 5 %)',
    note: 'Masking here counts messages, not tool-output tokens: the newest 40,000 tokens stay verbatim and older tool outputs are masked.',
    parameters: () => ({ reserveTokens: 20000, keepRecentTokens: 40000, observationMask: { enabled: true, keepLast: 12 }, stallRatio: 0.05 }),
  },
];

/** The config document a preset gives for a window, as JSON text (`{schemaVersion, profile, window, …}`). */
export function presetConfigText(preset: ConfigPreset, window: number): string {
  const document: Record<string, unknown> = { schemaVersion: configSchemaVersion, profile: preset.profile };
  const windowField = profileMeta[preset.profile].windowField;
  if (windowField && !preset.leavesWindowUnset) document[windowField] = window;
  return JSON.stringify({ ...document, ...preset.parameters(window) }, null, 2);
}
