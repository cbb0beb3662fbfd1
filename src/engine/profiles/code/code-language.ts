/** The languages a config can be rendered in: seed 1's Dart, seed 2's TypeScript, seed 3's Harn (script and Rust). */
export const codeLanguages = ['dart', 'ts', 'harn'] as const;

/** One target language. */
export type CodeLanguage = (typeof codeLanguages)[number];
