/**
 * Splits a summarization request into what the summarizer is told to do (instructions: where the section headings
 * are), what it is to summarize (the conversation) and what it already summarized (previous summaries), for each
 * seed's prompt shape (spec §1.10, §2.3, §3.5) and, failing those, any prompt whose conversation uses role labels.
 */

/** The three parts of a request. Each is made of exact substrings of the request's texts. */
export interface PromptRegions {
  instructions: string;
  conversation: string;
  previousSummaries: string[];
}

const adkPreviousHeader = 'PREVIOUS SUMMARY (extend/merge, do not lose facts):\n';
const adkConversationHeader = 'CONVERSATION TO SUMMARISE:\n';
const adkSeparator = '\n\n---\n\n';
const previousTags = ['previous-checkpoint', 'previous-summary'] as const;
const harnConversationHeader = /(?:^|\n)Conversation:\n/;
const roleLabelLine = /^(?:\[(?:User|Assistant|Tool result|user|assistant|tool)\]|(?:USER|ASSISTANT|User|Assistant|Human):\s)/m;

/** Finds the regions; never throws, and an unrecognised prompt is all conversation. */
export function splitPrompt(system: string, prompt: string): PromptRegions {
  return dartRegions(system, prompt) ?? adkRegions(system, prompt) ?? harnRegions(system, prompt) ?? labelledRegions(system, prompt);
}

/** Dart: `<conversation>\n…\n</conversation>`, then `<previous-checkpoint>` (or `<previous-summary>`), pins, the prompt. */
function dartRegions(system: string, prompt: string): PromptRegions | undefined {
  const open = prompt.indexOf('<conversation>');
  const close = prompt.lastIndexOf('</conversation>');
  if (open === -1 || close < open) return undefined;
  const conversation = prompt.slice(open + '<conversation>'.length, close);
  let rest = prompt.slice(close + '</conversation>'.length);
  const previousSummaries: string[] = [];
  for (const tag of previousTags) {
    // The opening tag is followed by a newline; the instructions mention the tag name in prose ("… in <previous-checkpoint> tags").
    const start = rest.indexOf(`<${tag}>\n`);
    const end = start === -1 ? -1 : rest.indexOf(`</${tag}>`, start);
    if (end === -1) continue;
    previousSummaries.push(rest.slice(start + tag.length + 3, end));
    rest = rest.slice(0, start) + rest.slice(end + tag.length + 3);
  }
  return { instructions: joinInstructions(system, prompt.slice(0, open) + rest), conversation, previousSummaries };
}

/** ADK: `[PREVIOUS SUMMARY …:\n<prior>\n\n---\n\n]CONVERSATION TO SUMMARISE:\n<text>`, the whole cut at 12,000 chars. */
function adkRegions(system: string, prompt: string): PromptRegions | undefined {
  const hasPrevious = prompt.startsWith(adkPreviousHeader);
  const marker = prompt.indexOf(adkConversationHeader);
  if (!hasPrevious && marker === -1) return undefined;
  const previousSummaries: string[] = [];
  if (hasPrevious) {
    // The prior summary may itself hold `---` (a split-turn summary), so the separator is the last one before the marker.
    const separator = marker === -1 ? -1 : prompt.lastIndexOf(adkSeparator, marker);
    const end = separator >= adkPreviousHeader.length ? separator : marker === -1 ? prompt.length : marker;
    previousSummaries.push(prompt.slice(adkPreviousHeader.length, end));
  }
  const conversation = marker === -1 ? '' : prompt.slice(marker + adkConversationHeader.length);
  return { instructions: joinInstructions(system, ''), conversation, previousSummaries };
}

/** Harn: the default template's `…\n\nConversation:\n{formatted}`; the text before it is the instruction. */
function harnRegions(system: string, prompt: string): PromptRegions | undefined {
  const match = harnConversationHeader.exec(prompt);
  if (!match) return undefined;
  const start = match.index + match[0].length;
  return { instructions: joinInstructions(system, prompt.slice(0, match.index)), conversation: prompt.slice(start), previousSummaries: [] };
}

/** Anything else: the conversation starts at the first role-labelled line; before it are instructions. */
function labelledRegions(system: string, prompt: string): PromptRegions {
  const match = roleLabelLine.exec(prompt);
  const start = match ? match.index : 0;
  return { instructions: joinInstructions(system, prompt.slice(0, start)), conversation: prompt.slice(start), previousSummaries: [] };
}

function joinInstructions(system: string, rest: string): string {
  return system.length === 0 ? rest : `${system}\n${rest}`;
}
