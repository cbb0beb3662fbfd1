import type { EnginePorts, Summarizer } from './ports';

/**
 * True when two summarizers are the same model: the same provider, the same endpoint host and the same model id. The
 * host, not the whole URL, as full names print it: two rungs at one host (`…/v1` and `…/v1/`) would read alike.
 */
export function isSameModel(first: Summarizer, second: Summarizer): boolean {
  return first.provider === second.provider && endpointOf(first) === endpointOf(second) && first.modelId === second.modelId;
}

/** The host a summarizer's endpoint names; undefined for the provider's default endpoint. */
function endpointOf(summarizer: Summarizer): string | undefined {
  return summarizer.baseURL ? hostOf(summarizer.baseURL) : undefined;
}

/** `provider:model`, plus the endpoint's host when the summarizer names one. */
function fullName(summarizer: Summarizer): string {
  return `${summarizer.provider}:${summarizer.modelId}${summarizer.baseURL ? `@${endpointOf(summarizer)}` : ''}`;
}

function hostOf(baseURL: string): string {
  try {
    return new URL(baseURL).host;
  } catch {
    return baseURL;
  }
}

/**
 * How events and reports name the summarizers: the plain model id (`smol=gpt-4o-mini`, as the seed prints it), except
 * when smol and main share an id but are different models (two endpoints or providers): then both are named in full,
 * `provider:model@host`, so the two rungs read apart.
 */
export function summarizerNames(summarizers: EnginePorts['summarizers']): { main?: string; smol?: string } {
  const { main, smol } = summarizers;
  const isSharedId = main !== undefined && smol !== undefined && main.modelId === smol.modelId && !isSameModel(main, smol);
  const name = (summarizer: Summarizer | undefined): string | undefined => summarizer && (isSharedId ? fullName(summarizer) : summarizer.modelId);
  return { main: name(main), smol: name(smol) };
}

/** One rung of the summarizer ladder: its role, how reports name its model, and the summarizer. */
export interface LadderRung {
  role: 'smol' | 'main';
  name: string;
  summarizer: Summarizer;
}

/** The ladder in the order it is tried: smol first when it is a different model from main (§1.4 step 4), then main. */
export function summarizerLadder(summarizers: EnginePorts['summarizers']): LadderRung[] {
  const { main, smol } = summarizers;
  const names = summarizerNames(summarizers);
  const rungs: LadderRung[] = [];
  if (smol && names.smol !== undefined && !(main && isSameModel(smol, main))) rungs.push({ role: 'smol', name: names.smol, summarizer: smol });
  if (main && names.main !== undefined) rungs.push({ role: 'main', name: names.main, summarizer: main });
  return rungs;
}
