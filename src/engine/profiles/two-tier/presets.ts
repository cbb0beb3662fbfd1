import type { ProfilePreset } from '../profile-meta';

/** Seed 3's raw defaults and its hosts' variants, then peers approximated with seed 3's tiers. */
export const twoTierPresets: readonly ProfilePreset[] = [
  {
    id: 'harn-raw', label: 'Harn AutoCompactConfig::default()', isApproximation: false, leavesWindowUnset: true,
    source: 'seed-semantics.md §3.2 (keep_last 12, threshold 48000, observation_mask / llm, no hard limit)', parameters: () => ({}),
  },
  {
    id: 'harn-agent-loop', label: 'Harn agent-loop hybrid (keep_last 10)', isApproximation: false,
    source: 'seed-semantics.md §3.2 (agent_loop default Hybrid{keep_first_n:0, keep_last_n:10}: tier 1 llm, tier 2 truncate)',
    parameters: () => ({ policyStrategy: 'hybrid', keepFirst: 0, keepLast: 10 }),
  },
  {
    id: 'harn-worker-carry', label: 'Harn worker carry (keep_last 2, truncate)', isApproximation: false, leavesWindowUnset: true,
    source: 'seed-semantics.md §3.2 (worker carry, transcript_mode "compact": keep_last 2, Truncate, no hard limit)',
    parameters: () => ({ keepLast: 2, compactStrategy: 'truncate', hardLimitTokens: null }),
  },
  {
    id: 'openhands', label: 'OpenHands (keep_first 4, summarizing window) — approximation', isApproximation: true,
    source: 'anchors.md §1.1 OpenHands (LLMSummarizingCondenser keep_first 4, max_size 120 → condensed to max_size // 2)',
    note: 'OpenHands counts events (over 120); here tier 1 fires on Harn’s token threshold and keeps 55 messages after the head.',
    parameters: () => ({ keepFirst: 4, keepLast: 55, compactStrategy: 'llm' }),
  },
];
