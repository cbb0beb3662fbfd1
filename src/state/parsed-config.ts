import { isProfileId, type ProfileId } from '../engine/profiles/meta';
import { isRecord } from './document-paths';

/**
 * The profile the engine runs a config document with when the document names none: the config schema's default
 * (`profile: z.enum(profileIds).default('auto-compactor')` in the engine's lab-config).
 */
export const defaultProfile: ProfileId = 'auto-compactor';

/**
 * The one answer to "which profile does this config document run with": its `profile` when that is a known profile,
 * `defaultProfile` when it names none, and undefined when it is not a JSON object or names a profile this build does
 * not know (the engine refuses such a document; its schema check says why). Readers that must show some profile
 * anyway (the what-if fields, the config form) fall back to a profile of their own: `documentProfile(document) ?? …`.
 */
export function documentProfile(document: unknown): ProfileId | undefined {
  if (!isRecord(document)) return undefined;
  const profile = document.profile ?? defaultProfile;
  return isProfileId(profile) ? profile : undefined;
}

/** Where config text stops being JSON: the parser's words, and the line and column (1-based) when it says where. */
export interface JsonSyntaxProblem {
  /** The parser's words without the position (the line and column say where). */
  message: string;
  /** The parser's words exactly as it threw them, position included (what a one-line refusal quotes). */
  parserMessage: string;
  line?: number;
  column?: number;
}

/** A config as the page holds it: the JSON text and what one parse of it gave. */
export interface ParsedConfig {
  /** The JSON text as the user edits it (or the profile's defaults while untouched). */
  text: string;
  /** The parsed value; undefined exactly when the text is not JSON. */
  document?: unknown;
  /** Where the text stops being JSON; undefined when it parses. */
  syntaxProblem?: JsonSyntaxProblem;
  /** The profile the document runs with (`documentProfile`): undefined for a document that is not a config of a known profile. */
  profile: ProfileId | undefined;
}

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position);
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/** Locates a JSON.parse error: engines report a character position (or a line and column); we give line:column. */
function syntaxProblemOf(text: string, error: unknown): JsonSyntaxProblem {
  const parserMessage = error instanceof Error ? error.message : String(error);
  const stated = /line (\d+) column (\d+)/.exec(parserMessage);
  const position = /at position (\d+)/.exec(parserMessage);
  const message = parserMessage.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ in JSON at position \d+/, '');
  if (stated) return { message, parserMessage, line: Number(stated[1]), column: Number(stated[2]) };
  if (position) return { message, parserMessage, ...lineAndColumn(text, Number(position[1])) };
  if (/end of (JSON )?input/i.test(parserMessage)) return { message, parserMessage, ...lineAndColumn(text, text.length) };
  return { message, parserMessage };
}

/** Parses config text: the page's one `JSON.parse` of a config, done when the text changes (see `useConfigStore`). */
export function parseConfig(text: string): ParsedConfig {
  try {
    const document: unknown = JSON.parse(text);
    return { text, document, profile: documentProfile(document) };
  } catch (error) {
    return { text, syntaxProblem: syntaxProblemOf(text, error), profile: undefined };
  }
}
