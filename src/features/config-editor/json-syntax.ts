import type { JsonSyntaxProblem } from '../../state/parsed-config';

/** The problem in one line a user reads: `Line 3, column 5: Expected ',' …`. */
export function describeJsonProblem(problem: JsonSyntaxProblem): string {
  return problem.line === undefined ? `Not valid JSON: ${problem.message}` : `Line ${problem.line}, column ${problem.column}: ${problem.message}`;
}
