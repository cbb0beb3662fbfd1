import { savedUnderStallRatio } from '../../run/stall-rule';

/** The inflation guard's report: the pass grew the context, so the run stops and keeps the pass's input. */
export function inflationNotice(pass: number, tokensBefore: number, tokensAfter: number): string {
  return `inflation: pass ${pass} grew the context from ${tokensBefore} to ${tokensAfter} tokens; the run stops and keeps the pass's input`;
}

/** The stall guard's report: the pass saved under the stall ratio and the context is still over the gate. */
export function stallNotice(pass: number, tokensBefore: number, tokensAfter: number, stallRatio: number): string {
  const saved = tokensBefore === 0 ? 0 : (100 * (tokensBefore - tokensAfter)) / tokensBefore;
  return `stall: pass ${pass} saved ${saved.toFixed(1)}% (${tokensBefore} → ${tokensAfter} tokens), under the ${(100 * stallRatio).toFixed(1)}% stall ratio, and the context is still over the gate; the run stops instead of looping`;
}

/** True when a pass that left the context over the gate saved less than `stallRatio` of it (and did not grow it). */
export function isStall(tokensBefore: number, tokensAfter: number, stallRatio: number): boolean {
  return tokensAfter <= tokensBefore && savedUnderStallRatio(tokensBefore, tokensAfter, stallRatio);
}
