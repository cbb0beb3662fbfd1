/**
 * Seed 3's default LLM compaction prompt (spec §3.5), sent as the only user message with no system prompt. Our
 * paraphrase of harn's built-in text: the same three parts in the same order (the instruction, the archived-count
 * line, the conversation), in our words; a user who wants harn's exact text pastes it as the override.
 * `{archived_count}` and `{formatted_messages}` are filled by `renderSummarizePrompt`.
 */
export const defaultSummarizePrompt =
  'Write a summary of the archived messages below for the agent that carries on this work. Keep the goals, constraints, decisions, tool work already done, open problems and next steps. Reply with the summary alone.\n\nArchived message count: {{archived_count}}\n\nConversation:\n{{formatted_messages}}';
