import { defaultCarrierIntro, defaultPinnedBlockHeader } from '../../pins/pin-framing-prompts';

/**
 * The seed's prompt set (`prompts/compaction/*.md`), overridable by id. The defaults are our paraphrases of the Dart
 * prompts: the same sections in the same order, with the same headings, item markers (`- [ ]`, `- [x]`, `1.`), literal
 * tags and marker phrases ("(none)", "(Partial — acceptance pending)", "(pinned directive)"), in our own sentences. To
 * send upstream's exact text, paste it as the override.
 */
export interface CompactionPrompts {
  /** `compaction/summary_system` */
  summarySystem: string;
  /** `compaction/summary`: the first checkpoint. */
  summary: string;
  /** `compaction/summary_update`: merge new messages into the previous checkpoint. */
  summaryUpdate: string;
  /** `compaction/turn_prefix`: the early part of a turn too large to keep. */
  turnPrefix: string;
  /** `compaction/pinned_operative`: the verbatim-preserve duty appended when pins exist. */
  pinnedOperative: string;
  /** The header of the pinned block in the summarizer's prompt (fixed text in operative_pins.dart). */
  pinnedBlockHeader: string;
  /** The opening sentence of the request-side carrier (fixed text in operative_pins.dart). */
  pinnedCarrierIntro: string;
}

/** The checkpoint sections both summary prompts ask for, in the seed's order (`summary.md`). */
const firstCheckpointFormat = `## Open User Requests
- [ ] <the ask in one line + the user's own acceptance criterion> (asked <date>, record id)
  At most 10, oldest first, each 200 characters or fewer. An item leaves the list only as Done with evidence (a test id, a PR, the user's word) or when the user cancels it; acceptance without evidence stays, marked "(Partial — acceptance pending)". With nothing open, write "(none)".

## Goal
[What the user wants to achieve — several items when the session covers several tasks.]

## Constraints & Preferences
- [Constraints, preferences or requirements the user stated]
- [Or "(none)" when they stated none]

## Progress
### Done
- [x] [Finished tasks and changes]

### In Progress
- [ ] [Work under way]

### Blocked
- [What stops progress, if anything]

## Key Decisions
- **[Decision]**: [Short reason]

## Next Steps
1. [What comes next, in order]

## Critical Context
- [Data, examples or references needed to carry on]
- [Or "(none)" when nothing applies]`;

/** The same sections as the update prompt fills them (`summary_update.md`): keep what was there, add what is new. */
const updateCheckpointFormat = `## Open User Requests
- [ ] <every ask that is still open>
  "No longer relevant" never removes an item here: only the user's explicit cancel, or Done with the evidence written inline. Acceptance without evidence stays, marked "(Partial — acceptance pending)".

## Goal
[Keep the goals already there; add new ones if the task grew]

## Constraints & Preferences
- [Keep the ones already there; add any found since]

## Progress
### Done
- [x] [Items done before AND items finished since]

### In Progress
- [ ] [Work under way, brought up to date]

### Blocked
- [Current blockers; leave out the ones resolved]

## Key Decisions
- **[Decision]**: [Short reason] (keep every earlier one, add new ones)

## Next Steps
1. [Brought up to date with where the work stands]

## Critical Context
- [Keep what matters; add what is new]`;

const closing = 'Be brief in every section, but copy file paths, function names and error messages exactly as they appear.';

/** The default prompts (paraphrases; see the note on `CompactionPrompts`). */
export const defaultCompactionPrompts: CompactionPrompts = {
  summarySystem: `You write context checkpoints. You will read a conversation between a user and an AI assistant and turn it into a structured checkpoint in the exact layout you are given.

Do not carry the conversation on, and do not answer any question asked in it. Your whole reply is the structured checkpoint.

Weigh the tool results: keep the ones that matter (test verdicts, command output, error traces, fetched data) together with what produced them; trivial ones may be left out.`,
  summary: `The messages above are the conversation to condense. Write a structured checkpoint of it that another model can pick the work up from.

Follow this layout exactly:

${firstCheckpointFormat}

${closing}`,
  summaryUpdate: `The messages above are NEW conversation to fold into the existing checkpoint given in the <previous-checkpoint> tags.

Revise that checkpoint with what is new. RULES:
- KEEP everything the previous checkpoint says
- ADD the new progress, decisions and context
- MOVE items from "In Progress" to "Done" once they are finished
- REWRITE "Next Steps" to match what was done
- COPY file paths, function names and error messages exactly
- Anything no longer relevant may go (see Open User Requests below for the exception)

Follow this layout exactly:

${updateCheckpointFormat}

${closing}`,
  turnPrefix: `The messages above are only the START of a turn too long to keep whole; its END (the latest work) stays in context.

Summarize this start so that the kept end makes sense:

## Original Request
[What the user asked for in this turn]

## Early Progress
- [Decisions made and work done in this start]

## Context for Suffix
- [What someone needs to follow the kept recent work]

Keep it short: only what the kept end needs.`,
  pinnedOperative: `PINNED SKILL DIRECTIVES: the PINNED OPERATIVE LINES block holds rules your checkpoint must carry unchanged. Check your checkpoint against it before you finish:
- every rule appears, each on a line of its own, in the order listed;
- each is spelled exactly as given, punctuation and quotes included: no rewording, trimming, merging or translating, even where the conversation already says the same;
- a rule unrelated to the span you are condensing sits under "## Critical Context", followed by "(pinned directive)".
Copies made later are a fallback, not a substitute: your checkpoint is the copy that counts.`,
  pinnedBlockHeader: defaultPinnedBlockHeader,
  pinnedCarrierIntro: defaultCarrierIntro,
};

/**
 * The local-trim marker's sentence after its fixed opening (`trimMarkerPrefix`), in our words (upstream-deviations: the trim marker states its reason):
 * how many older messages left the context, when, why — the real reason, filled in by the profile — and that the
 * session file still holds them. `{{dropped_count}}`, `{{time}}` and `{{reason}}` are filled; `prompts.trimMarker`
 * overrides it (`local-trim.ts` adds the fixed opening).
 */
export const defaultTrimMarker = '{{dropped_count}} older message(s) left the live context at {{time}} without a summary, because {{reason}}. The session file still holds the full history.';
