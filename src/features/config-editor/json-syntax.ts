/** Where config text stops being JSON, for the raw editor: the parser's words plus the line and column (1-based). */
export interface JsonSyntaxProblem {
  message: string;
  line?: number;
  column?: number;
}

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position);
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/** Parses config text, or says where it is not JSON (engines report a character position; we turn it into line:column). */
export function parseConfigJson(text: string): { document: unknown } | { problem: JsonSyntaxProblem } {
  try {
    return { document: JSON.parse(text) };
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error);
    const stated = /line (\d+) column (\d+)/.exec(raw);
    const position = /at position (\d+)/.exec(raw);
    const message = raw.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ in JSON at position \d+/, '');
    if (stated) return { problem: { message, line: Number(stated[1]), column: Number(stated[2]) } };
    if (position) return { problem: { message, ...lineAndColumn(text, Number(position[1])) } };
    if (/end of (JSON )?input/i.test(raw)) return { problem: { message, ...lineAndColumn(text, text.length) } };
    return { problem: { message } };
  }
}

/** The problem in one line a user reads: `Line 3, column 5: Expected ',' …`. */
export function describeJsonProblem(problem: JsonSyntaxProblem): string {
  return problem.line === undefined ? `Not valid JSON: ${problem.message}` : `Line ${problem.line}, column ${problem.column}: ${problem.message}`;
}
