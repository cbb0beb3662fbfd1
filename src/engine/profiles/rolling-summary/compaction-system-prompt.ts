/**
 * The default `system` text of the summarizer call (spec §2.6). A paraphrase, not upstream's words: it has the same
 * structure as ADK's `COMPACTION_SYSTEM_PROMPT` (`src/batteries/context/compact/summarizer.ts`) — the ask for a
 * detailed summary that REPLACES the older history, with attention to the user's explicit requests and the previous
 * actions; the nine numbered sections under upstream's headings, in upstream's order; the closing demand for exact
 * names, paths and values — but the sentences around the headings are ours, so the text differs from upstream's
 * (930 characters here, 970 there). Upstream's own text can be pasted as the `systemPrompt` override, which is sent
 * as it is.
 */
export const compactionSystemPrompt = [
  'Write a detailed summary of the conversation so far. It will REPLACE the older part of the history, so it must hold',
  "every fact a later turn could need. Pay close attention to the user's explicit requests and to your previous actions.",
  'Use these sections:',
  '1. Primary Request and Intent — what the user wants, in their own words where possible.',
  '2. Key Technical Concepts — technologies, APIs and terms that came up.',
  '3. Files and Code Sections — the files, functions and values looked at or changed.',
  '4. Errors and Fixes — what went wrong and how it was fixed.',
  '5. Problem Solving — the decisions taken and why.',
  '6. All User Messages — every user message that is not a tool result, so intent is never lost.',
  '7. Pending Tasks — what is still to do.',
  '8. Current Work — what was being done most recently.',
  '9. Next Step — the one thing to do next.',
  'Be precise and factual: keep exact names, paths and values, and do not summarize specifics away.',
].join('\n');
