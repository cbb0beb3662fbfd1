/**
 * One prompt a profile sends, as the user can override it: where it lives in the config, its default, and the
 * `{{variables}}` the engine fills in (any other `{{name}}` is a typo the user must hear about before a call is made).
 * Profiles that send the same prompt share one slot object (`auto-compactor` and `unified` send seed 1's prompts).
 */
export interface PromptSlot {
  id: string;
  label: string;
  /** The config path of the override (absent or null in the config = the default). */
  path: readonly string[];
  variables: readonly string[];
  defaultText: string;
  /** Whose words the default is: a paraphrase of an upstream prompt (named), or ours alone. */
  wording: PromptWording;
  /**
   * How the upstream prompt writes the variables, when it writes them differently (harn's built-in prompt is a Rust
   * format string: `{formatted}`), mapped to ours; a pasted upstream text must be told to use our names.
   */
  upstreamPlaceholders?: Readonly<Record<string, string>>;
}

/**
 * Where a default prompt's words come from. The profiles reproduce upstream behaviour but never copy upstream prose,
 * so a prompt with an upstream counterpart is our paraphrase of it — same sections, same order, our sentences — and a
 * user who wants the exact upstream text pastes it as the override.
 */
export type PromptWording =
  | { kind: 'paraphrase'; upstream: string }
  | { kind: 'ours' };
