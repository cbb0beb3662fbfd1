import {
  contextBasis, countTranscript, fitLoggedUsage, loggedCalls, type ContextBasis, type EncodingName, type TokenCache,
  type TranscriptTokenCount, type UsageFit,
} from '../engine';
import type { Transcript } from '../engine/transcript';
import { loadTokenCounter } from '../ports/tokenizer/token-counter';

/** A transcript counted exactly, what its logged usage says against the counts, and the basis the page would state figures on. */
export interface TranscriptBasis {
  tokens: TranscriptTokenCount;
  usage: UsageFit;
  basis: ContextBasis;
}

/**
 * Counts a transcript in `encoding` and fits its logged usage, as the app does for the transcript it shows. Pass the
 * cache a run measured its states through, and the messages are not tokenized a second time. A context taken from a
 * file (the agent's last-held one) passes that `file`: the overhead is fitted over the whole file's logged calls, as
 * the app's header does for both figures, so both starting points share one basis.
 */
export async function transcriptBasis(transcript: Transcript, encoding: EncodingName, cache?: TokenCache, file: Transcript = transcript): Promise<TranscriptBasis> {
  const counter = await loadTokenCounter(encoding);
  const tokens = countTranscript(transcript, counter, cache);
  const fileTokens = file === transcript ? tokens : countTranscript(file, counter, cache);
  const usage = fitLoggedUsage(loggedCalls(file, fileTokens.perMessage, fileTokens.system), encoding);
  return { tokens, usage, basis: contextBasis(encoding, usage) };
}
