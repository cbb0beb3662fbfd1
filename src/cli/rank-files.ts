import { rankFileSource } from '../ports/tokenizer/rank-file';
import { preferRankTableSource } from '../ports/tokenizer/token-rank-table';

/**
 * Counts with the rank files the CLI's build wrote beside it (build/cli/ranks/, see src/tooling/build-cli.mjs). Every
 * chunk of the built CLI sits in build/cli/, so this module finds them wherever the bundler put it; run from the
 * sources there are none, and the tokenizer's module is read as before.
 */
export function countWithRankFiles(): void {
  preferRankTableSource(rankFileSource(new URL('./ranks/', import.meta.url)));
}
