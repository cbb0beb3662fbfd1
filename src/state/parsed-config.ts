import { documentProfile, isConfigDocument, type ConfigDocument } from '../engine/config';
import type { ProfileId } from '../engine/profiles/meta';

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
  /** The config document; undefined exactly when the text is not a JSON object. */
  document?: ConfigDocument;
  /** Where the text stops being JSON; undefined when it parses. */
  syntaxProblem?: JsonSyntaxProblem;
  /** What the text is instead, when it is JSON but not an object (`an array`); undefined otherwise. */
  notAnObject?: string;
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

/** What a JSON value that is not an object is, in words. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/** Parses config text: the page's one `JSON.parse` of a config, done when the text changes (see `useConfigStore`). */
export function parseConfig(text: string): ParsedConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { text, syntaxProblem: syntaxProblemOf(text, error), profile: undefined };
  }
  if (!isConfigDocument(value)) return { text, notAnObject: kindOf(value), profile: undefined };
  return { text, document: value, profile: documentProfile(value) };
}

/**
 * Why a config's text cannot run, in a sentence naming whose config it is (`The config`, `Variant B's config`), or
 * undefined when it is a JSON object: every surface that starts work from the page says the same.
 */
export function configTextProblem(parsed: ParsedConfig, whose = 'The config'): string | undefined {
  if (parsed.syntaxProblem) return `${whose} is not valid JSON: ${parsed.syntaxProblem.parserMessage}`;
  if (parsed.notAnObject !== undefined) return `${whose} is not a JSON object ({"profile": …}) but ${parsed.notAnObject}.`;
  return undefined;
}
