/** The seed's prompt set (`prompts/compaction/*.md`), in the structure spec §1.10 gives; overridable by id. */
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
}

const checkpointFormat = `## Open User Requests
- [ ] One-line ask + their acceptance criterion (asked date, record id) — at most 10, oldest first, each at most 200 chars. An item closes only on Done with evidence, or an explicit cancel; otherwise mark it "(Partial — acceptance pending)". Write "(none)" when there are none.

## Goal
[What the user is trying to accomplish]

## Constraints & Preferences
- [Requirements and preferences the user stated, or "(none)"]

## Progress
### Done
- [x] [Completed work]

### In Progress
- [ ] [Current work]

### Blocked
- [Issues preventing progress, if any]

## Key Decisions
- **[Decision]**: [Brief rationale]

## Next Steps
1. [Ordered list of what should happen next]

## Critical Context
- [Data, references or facts needed to continue, or "(none)"]`;

const closing = 'Keep each section concise. Preserve exact file paths, function names, and error messages.';

/** The default prompts. */
export const defaultCompactionPrompts: CompactionPrompts = {
  summarySystem:
    'You are a context summarization assistant. Your task is to read a conversation between a user and an AI coding assistant, then produce a structured summary following the exact format specified.\n\nDo NOT continue the conversation. Do NOT respond to any questions in the conversation. ONLY output the structured summary.',
  summary: `The messages above are a conversation to summarize. Create a structured context checkpoint summary that another LLM will use to continue the work.

Use this EXACT format:

${checkpointFormat}

${closing}`,
  summaryUpdate: `The messages above are NEW conversation messages to merge into the existing summary provided in the <previous-checkpoint> tags.

Update the existing structured summary with the new information. RULES:
- PRESERVE all existing information from the previous summary
- ADD new progress, decisions, and context from the new messages
- UPDATE the Progress section: move items from "In Progress" to "Done" when completed
- UPDATE "Next Steps" based on what was accomplished
- You may remove items that are no longer relevant, EXCEPT items under "Open User Requests"

Use this EXACT format:

${checkpointFormat}

${closing}`,
  turnPrefix: `This is the PREFIX of a turn that was too large to keep. The SUFFIX (recent work) is retained.

Summarize the prefix to provide context for the retained suffix:

## Original Request
[What did the user ask for in this turn?]

## Early Progress
- [Key decisions and work done in the prefix]

## Context for Suffix
- [Information needed to understand the retained recent work]

Be concise. Focus on what's needed to understand the kept suffix.`,
  pinnedOperative:
    'PINNED SKILL DIRECTIVES: the PINNED OPERATIVE LINES listed above are operative directives from skill manifests. Copy every one of them into your output character for character, each on its own line. Never paraphrase, shorten, merge, translate or drop a pinned line. A pinned line unrelated to the folded span goes under "## Critical Context", tagged "(pinned directive)".',
};
