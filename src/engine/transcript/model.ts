/**
 * The canonical transcript model every importer produces and every other layer reads.
 * The original transcript is immutable: compaction passes build new message lists that point back to source ids.
 */

/** Who speaks: the four roles every provider API reduces to. */
export type Role = 'system' | 'user' | 'assistant' | 'tool';

/** Where a message came from, finer than its role: `injected` marks harness boilerplate (reminders, env context). */
export type Origin = 'human' | 'model' | 'tool' | 'injected' | 'summary';

/** Plain text the model saw or wrote. */
interface TextBlock {
  kind: 'text';
  text: string;
}

/** Model reasoning; `isRedacted` when the source kept only an opaque payload. */
export interface ThinkingBlock {
  kind: 'thinking';
  text: string;
  isRedacted?: boolean;
  signature?: string;
}

/** An image; the bytes are never tokenized, so only their size and type are kept beside `raw`. */
export interface ImageBlock {
  kind: 'image';
  mediaType?: string;
  /** A URL, or `base64` when the data was inline. */
  source: string;
  byteLength?: number;
}

/** A tool invocation. `callId` is the format's own linkage key; `argsRaw` keeps the arguments verbatim (even invalid JSON). */
export interface ToolCallBlock {
  kind: 'tool_call';
  callId: string;
  name: string;
  args: unknown;
  argsRaw: string;
}

/** The output of a tool invocation, linked to its call by `callId`. */
export interface ToolResultBlock {
  kind: 'tool_result';
  callId: string;
  content: string;
  isError: boolean;
  /** Tool name when the source states it on the result side. */
  name?: string;
}

/** One piece of a message. */
export type Block = TextBlock | ThinkingBlock | ImageBlock | ToolCallBlock | ToolResultBlock;

/** Provider-logged token usage for the API call that produced a message (counted once per call). */
export interface Usage {
  inputTokens?: number;
  /** Every output token the call was billed for, reasoning included (Gemini logs its thinking apart: its importers add it). */
  outputTokens?: number;
  cacheReadTokens?: number;
  /** Every token written to the prompt cache, whatever its lifetime. */
  cacheWriteTokens?: number;
  /**
   * The part of `cacheWriteTokens` written for an hour (Anthropic's 1-hour lifetime, priced above the 5-minute one);
   * set only where the source splits the write by lifetime.
   */
  cacheWriteHourTokens?: number;
  /** The reasoning (thinking) part of `outputTokens`, where the source states it. */
  reasoningTokens?: number;
  totalTokens?: number;
  /** What the call's context held: input + cache read + cache write where the provider splits them. */
  contextTokens?: number;
}

/**
 * Why the model call behind an assistant message ended, the same word for every format: `end` (finished on its own,
 * stop sequences included), `tool_use` (stopped to call tools), `length` (hit the output-token limit), `content_filter`
 * (refused, or blocked by a safety filter), `error` (the call failed), `aborted` (cancelled or interrupted), `other`
 * (a recorded value none of these fits).
 */
export type StopReason = 'end' | 'tool_use' | 'length' | 'content_filter' | 'error' | 'aborted' | 'other';

/** A stop reason the source recorded: our word for it, and the source's own value so nothing is lost in mapping. */
export interface MessageStop {
  reason: StopReason;
  /**
   * The source's value as written (`end_turn`, `tool_calls`, `MAX_TOKENS`, `failed`), the flag or event that stated
   * it (`isApiErrorMessage`, `turn_aborted`), or two fields joined by `/` (`incomplete/max_output_tokens`).
   */
  raw: string;
}

/** Where a message sits in the source file, for error messages and jump-to-source. */
interface SourceRef {
  /** 1-based line for line-oriented files. */
  line?: number;
  /** 0-based index in the source array/event stream. */
  index?: number;
}

/** One message of the conversation in canonical form. */
export interface Message {
  /** Stable id taken from the source (uuid, item id) or derived from its position; unique within a transcript. */
  id: string;
  role: Role;
  origin: Origin;
  blocks: Block[];
  usage?: Usage;
  /** Why the model call that wrote this assistant message ended; set only where the source records it, never guessed. */
  stop?: MessageStop;
  model?: string;
  /** ISO timestamp where the source logged one. */
  createdAt?: string;
  /** True for subagent/sidechain messages that were not part of the main context. */
  isSidechain?: boolean;
  /**
   * True for a user message the human typed while the agent was still working (Claude Code's prompt queue): it
   * reached the model mid-turn or as the next turn, not as an ordinary prompt, and the page badges it.
   */
  isQueued?: boolean;
  sourceRef: SourceRef;
  /** The untouched source record(s), kept so exports to the source format round-trip. */
  raw: unknown;
}

/** A compaction the agent itself performed, already present in the source (Claude Code boundary, Codex `compacted`, …). */
export interface CompactionMarker {
  /** Index in `messages` before which the compaction happened. */
  atIndex: number;
  /** What in the source marks it, e.g. `compact_boundary`, `compacted`, `condensation`. */
  kind: string;
  trigger?: 'auto' | 'manual';
  tokensBefore?: number;
  tokensAfter?: number;
  /** Id of the message that carries the summary, when the summary is a message of its own. */
  summaryMessageId?: string;
  summaryText?: string;
  /** Ids of source messages the compaction says it replaced, when the source lists them. */
  replacesMessageIds?: string[];
  /** How many items the source says the post-compaction history holds (Codex `replacement_history` length). */
  replacementItemCount?: number;
  /** True when the summary is encrypted or otherwise unreadable. */
  isOpaque?: boolean;
}

/**
 * A model call the source logged usage for whose response is not among the transcript's messages (Claude Code: a
 * response on a branch an edit or a rewind abandoned). It was paid for, so the logged bill counts it.
 */
export interface UnlistedCall {
  usage: Usage;
  model?: string;
  /** ISO timestamp of the call, where the source logged one. */
  at?: string;
  /** Where the call's usage sits in the source file. */
  sourceRef: SourceRef;
}

/** Usage figures the source logged for the whole conversation, shown beside our own count. */
export interface LoggedUsage {
  /** Context fill of the last logged model call (what the provider counted as input for it). */
  lastContextTokens?: number;
  totalInputTokens?: number;
  totalOutputTokens?: number;
  /** Context window the source states (Codex `model_context_window`). */
  contextWindow?: number;
  /** How the figures were derived, in words, e.g. "last assistant usage: input + cache read + cache write". */
  description: string;
}

/** Identifiers of every supported source format. */
export type FormatId =
  | 'claude-code'
  | 'codex'
  | 'openai-chat'
  | 'openai-responses'
  | 'anthropic-messages'
  | 'gemini-contents'
  | 'gemini-cli'
  | 'langchain'
  | 'swe-agent'
  | 'mini-swe-agent'
  | 'openhands'
  | 'inspect-ai'
  | 'plain-text';

/** A whole conversation in canonical form. Treat as immutable. */
export interface Transcript {
  /** Stable within a session: derived from the source's own id where it has one. */
  id: string;
  source: {
    format: FormatId;
    fileName?: string;
    /** For files that hold several runs: which one this is, in words. */
    runLabel?: string;
  };
  /** The system prompt, when the source stored one. */
  system?: Message;
  messages: Message[];
  markers: CompactionMarker[];
  meta: {
    model?: string;
    title?: string;
    loggedUsage?: LoggedUsage;
    /**
     * Calls the source logged and billed whose responses `messages` leaves out, each counted once: kept apart so the
     * conversation stays what the agent's context held, while the logged bill still counts every call the file logged.
     */
    unlistedCalls?: UnlistedCall[];
    /** Extra source facts worth showing (cwd, version, …); never read by the engine. */
    details?: Record<string, string>;
  };
}
