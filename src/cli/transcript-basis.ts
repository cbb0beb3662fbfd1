import {
  contextBasis, countTranscript, fitLoggedUsage, loggedCalls, type ContextBasis, type EncodingName, type TokenCache,
  type TranscriptTokenCount, type UsageFit,
} from '../engine';
import type { Transcript } from '../engine/transcript';
import { loadTokenCounter } from '../ports/tokenizer/token-counter';
import { UsageError } from './arguments';

/** Encodings the commands count in. */
const cliEncodings: readonly EncodingName[] = ['o200k_base', 'cl100k_base'];

/** The `--encoding` option, o200k_base when absent; anything else is a usage error naming the choices. */
export function readEncoding(option: string | true | undefined): EncodingName {
  const encoding = (option ?? 'o200k_base') as EncodingName;
  if (!cliEncodings.includes(encoding)) throw new UsageError(`unknown encoding "${String(encoding)}"; use one of ${cliEncodings.join(', ')}`);
  return encoding;
}

/** A transcript counted exactly, what its logged usage says against the counts, and the basis the page would state figures on. */
export interface TranscriptBasis {
  tokens: TranscriptTokenCount;
  usage: UsageFit;
  basis: ContextBasis;
}

/**
 * Counts a transcript in `encoding` and fits its logged usage, as the app does for the transcript it shows. Pass the
 * cache a run measured its states through, and the messages are not tokenized a second time.
 */
export async function transcriptBasis(transcript: Transcript, encoding: EncodingName, cache?: TokenCache): Promise<TranscriptBasis> {
  const tokens = countTranscript(transcript, await loadTokenCounter(encoding), cache);
  const usage = fitLoggedUsage(loggedCalls(transcript, tokens.perMessage, tokens.system), encoding);
  return { tokens, usage, basis: contextBasis(encoding, usage) };
}
