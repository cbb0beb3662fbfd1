import { mkdir, writeFile } from 'node:fs/promises';
import { encodingNames } from '../engine';
import { rankFileBytes, rankFileUrl } from '../ports/tokenizer/rank-file';
import { importRankList } from '../ports/tokenizer/token-rank-table';

/** Writes every encoding's rank file into `directory` (the built CLI's `ranks/`), from gpt-tokenizer's lists. */
export async function writeRankFiles(directory: URL): Promise<void> {
  await mkdir(directory, { recursive: true });
  for (const encoding of encodingNames) await writeFile(rankFileUrl(directory, encoding), rankFileBytes(await importRankList(encoding)));
}
