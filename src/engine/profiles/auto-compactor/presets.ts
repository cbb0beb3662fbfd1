import type { ProfilePreset } from '../profile-meta';

const intDiv = (left: number, right: number) => Math.floor(left / right);

/** Seed 1's legacy `CompactionSettings.forWindow(w)` (spec §1.3), as plain numbers for a preset. */
function legacyForWindow(window: number): { reserveTokens: number; keepRecentTokens: number } {
  let reserveTokens = Math.min(16384, Math.max(1024, intDiv(window, 4)));
  let keepRecentTokens = Math.min(20000, Math.max(2048, intDiv(window, 2)));
  if (reserveTokens >= intDiv(window, 2)) reserveTokens = Math.max(128, intDiv(window, 4));
  if (keepRecentTokens >= window) keepRecentTokens = Math.max(256, intDiv(window, 2));
  return { reserveTokens, keepRecentTokens };
}

/** Seed 1's defaults and its hosts' variants, then peers approximated with seed 1's gate. */
export const autoCompactorPresets: readonly ProfilePreset[] = [
  { id: 'dart-defaults', label: 'Dart AutoCompactor defaults', isApproximation: false, source: 'seed-semantics.md §1.2–1.3 (defaultCompactionSettings: reserve 16384, keep 20000)', parameters: () => ({}) },
  {
    id: 'dart-cli', label: 'Dart CLI host default (ratio 0.7, reserve 50,000, keep 80,000)', isApproximation: false,
    source: 'seed-semantics.md §1.3 (CLI docs 1.0.658: triggerRatio 0.7, reserve 50000, keep 80000)',
    note: 'The ratio rule is inferred (the seed did not publish its formula).',
    parameters: () => ({ triggerRatio: 0.7, reserveTokens: 50000, keepRecentTokens: 80000 }),
  },
  {
    id: 'dart-for-window', label: 'Dart CompactionSettings.forWindow(window) (legacy rule)', isApproximation: false,
    source: 'seed-semantics.md §1.3 (forWindow legacy rule and its table)', parameters: (window) => legacyForWindow(window),
  },
  {
    id: 'claude-code', label: 'Claude Code (window − 13k trigger) — approximation', isApproximation: true,
    source: 'anchors.md §1.3 Claude Code (effectiveWindow − 13,000, quoted in anthropics/claude-code#31806)',
    note: 'Claude Code keeps no verbatim token tail of its own; the seed’s keepRecentTokens stays at its default.',
    parameters: () => ({ reserveTokens: 13000 }),
  },
  {
    id: 'codex', label: 'Codex CLI (90 % of window) — approximation', isApproximation: true,
    source: 'anchors.md §1.2 OpenAI Codex CLI (auto_compact_token_limit = context_window × 9 / 10)',
    note: 'The gate is min(window − reserve, 0.9 × window): below a 163,840-token window the reserve fires first.',
    parameters: () => ({ triggerRatio: 0.9 }),
  },
  {
    id: 'gemini-cli', label: 'Gemini CLI (50 % trigger, keep the newest 30 %) — approximation', isApproximation: true,
    source: 'anchors.md §1.4 Google Gemini CLI (COMPRESSION_TOKEN_THRESHOLD 0.5, COMPRESSION_PRESERVE_THRESHOLD 0.3)',
    note: 'Gemini measures the kept 30 % in JSON characters; here it is 30 % of the window in tokens.',
    parameters: (window) => ({ triggerRatio: 0.5, keepRecentTokens: Math.floor(window * 0.3) }),
  },
];
