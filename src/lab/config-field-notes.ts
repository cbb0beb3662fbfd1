import { triggerRatioInference } from '../engine/profiles/auto-compactor/auto-compactor-config';
import type { ProfileId } from '../engine/profiles/registry';

/**
 * What each parameter means, for the config form, by dotted path (`[]` stands for any array item). The profiles'
 * schemas carry these only as doc comments, which do not survive to run time; a `.describe()` on the schema wins.
 */
const shared: Record<string, string> = {
  window: 'The model context window in tokens (the seed requires it; the lab starts from the window you picked).',
  reserveTokens: 'Tokens kept free below the window: the gate fires when tokens > window − reserveTokens. Also sizes the summary (80 % of it).',
  keepRecentTokens: 'The newest tokens kept verbatim after the cut point; everything older is summarized.',
  triggerRatio: `None: the legacy gate alone. A ratio in (0, 1) adds an earlier trigger. ${triggerRatioInference}`,
  maxPasses: 'Compaction passes per run at most.',
  maxAttempts: 'Summarizer attempts per pass (the smol → main ladder) before falling back.',
  baseBackoffMs: 'Backoff between attempts: this many milliseconds × the attempt number.',
  force: 'Compact even when the gate says the context fits.',
  attemptBudgetMs: 'Time one summarizer attempt may take, in milliseconds.',
  totalBudgetMs: 'Time one run may take across attempts, in milliseconds.',
  prompts: 'Prompt overrides (edit them under Prompt overrides).',
  operativeSkills: 'Skills whose `operative:` lines are pinned verbatim across folds (gh-1409).',
  'operativeSkills[].name': 'The skill name.',
  'operativeSkills[].operative': 'Lines pinned verbatim, one per line.',
  'operativeSkills[].isRead': 'Its SKILL.md was read in the current window: its pins are ordered first and dropped last.',
  estimator: '`seed`: chars/4 with the usage anchor; `exact`: the token counter, no anchor.',
  keepVerbatim: 'How many of the most recent turns stay verbatim.',
  summariseAtTokens: 'Older-region tokens past which (strictly >) a re-summarization fires; the first one always fires.',
  summaryMessageId: 'The id of the synthetic summary message (thrift protects exactly this id).',
  encoding: 'Opaque to the seed: handed to the estimator and reported beside the counts.',
  systemPrompt: "The summarizer's system text (edit it under Prompt overrides).",
  keepFirst: 'Messages at the head that are never compacted.',
  keepLast: 'Messages at the tail that are never compacted. Unset: 12 raw, 10 when a policy label is set.',
  tokenThreshold: 'Tier 1 fires at this estimate. Unset: 48,000 (with a context window: 65 % of it at most).',
  toolOutputMaxChars: 'Microcompaction: tool outputs above this many UTF-8 bytes are cut.',
  compactStrategy: 'Tier 1 strategy.',
  hardLimitTokens: 'Tier 2 fires above this; none turns tier 2 off (75 % of the context window when one is given).',
  hardLimitStrategy: 'Tier 2 strategy.',
  summarizePrompt: 'The LLM template (edit it under Prompt overrides).',
  policyStrategy: "Harn's agent-loop policy label: overrides the strategies and keep counts. Unset: the raw engine fields.",
  contextWindow: 'The model context window when known: thresholds are adapted (hard limit 75 %, tier 1 65 %).',
  trigger: 'When the estimate is taken: preflight (≥), post-turn (>), daemon (messages only), manual (no gate unless targetTokens; keepFirst, maskCallback and microcompaction do not apply).',
  targetTokens: 'Manual trigger only: unchanged at or below the target, else both thresholds become the target.',
  tokenEstimator: '`utf8-quarter`: Σ UTF-8 bytes / 4 (the seed); `counter`: the run’s token counter.',
  maskCallback: 'JavaScript source of a mask callback; runs only with your consent.',
  compressCallback: 'JavaScript source of a compress callback; runs only with your consent.',
  customCompactor: 'JavaScript source of a custom compactor; runs only with your consent.',
};

/** Where a profile means something else by the same name. */
const byProfile: Partial<Record<ProfileId, Record<string, string>>> = {
  unified: {
    toolOutputMaxChars: "Seed 3's microcompaction limit in UTF-8 bytes per tool output; none turns the stage off.",
    observationMask: "Seed 3's observation mask, applied in place to older tool outputs.",
    'observationMask.enabled': 'Mask older tool outputs.',
    'observationMask.keepLast': 'The last messages that are never masked.',
    summary: "Seed 1's LLM summary with the smol → main → truncate ladder.",
    hardLimitTokens: 'Tier 2 fires when the context after the summary is above this; none = 75 % of max(window, 4096).',
    hardLimitStrategy: 'Tier 2 strategy; `none` turns tier 2 off.',
    localTrim: "Seed 1's emergency valve when a pass could not summarize and the context is still over the gate.",
    summarizerWindowTokens: "The summarizer's own window (system + prompt); none = window.",
    stallRatio: 'A pass that leaves the context over the gate and saves less than this share of it stops the run.',
  },
};

/** The lab's note on a parameter of a profile, if it has one. */
export function configFieldNote(profile: ProfileId, path: string): string | undefined {
  return byProfile[profile]?.[path] ?? shared[path];
}
