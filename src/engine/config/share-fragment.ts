import { canonicalJson } from './canonical-json';
import { describeSecrets, findSecrets, type SecretFinding } from './secret-scan';

/** The fragment's prefix: a config rides after `#`, which browsers never send to a server (never in a query string). */
export const shareFragmentPrefix = '#config=';

/** The longest fragment a link may carry (about 8 KB); anything longer is offered as a file instead. */
export const shareFragmentLimit = 8 * 1024;

/** The most a decoded link may inflate to: far above any real config, far below what would stall a tab. */
const inflatedLimit = 1024 * 1024;

/**
 * Raw DEFLATE both ways, from outside the engine (which imports only zod): the page and the CLI pass the same one
 * (`src/ports/deflate.ts`), so both build the same link for the same config.
 */
export interface Compressor {
  /** Compresses as small as it can: a link's length is its limit. */
  deflate(bytes: Uint8Array): Uint8Array;
  /** Undoes `deflate`; throws on damaged input; undefined as soon as the output would pass `maximumBytes`. */
  inflate(bytes: Uint8Array, maximumBytes: number): Uint8Array | undefined;
}

/** A link's fragment, or why none was built. */
export type ShareFragment =
  | { fragment: string }
  | { refused: 'secret'; message: string; findings: SecretFinding[] }
  | { refused: 'too-long'; message: string; length: number };

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep String.fromCharCode within the engine's argument limit for large inputs.
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

/**
 * Builds `#config=<base64url(deflateRaw(canonical JSON))>` for an envelope. Refuses when anything in it looks like a
 * secret (saying where) or when the fragment would pass `shareFragmentLimit` (offering a file instead).
 */
export function encodeShareFragment(envelope: unknown, compressor: Compressor): ShareFragment {
  const findings = findSecrets(envelope);
  if (findings.length > 0) {
    return {
      refused: 'secret',
      findings,
      message: `Not shared: this config holds what looks like a secret at ${describeSecrets(findings).join('; ')}. Remove it; keys belong in the Summarizer settings, never in a config.`,
    };
  }
  const fragment = `${shareFragmentPrefix}${toBase64Url(compressor.deflate(new TextEncoder().encode(canonicalJson(envelope))))}`;
  if (fragment.length > shareFragmentLimit) {
    return {
      refused: 'too-long',
      length: fragment.length,
      message: `The link would be ${(fragment.length / 1024).toFixed(1)} KB, more than the ${shareFragmentLimit / 1024} KB a link may carry; download the config as a file and share that instead.`,
    };
  }
  return { fragment };
}

/**
 * Reads the JSON a link carries. Takes a whole URL, a `#config=…` hash or the bare payload; a tampered or truncated
 * link gives an error that starts "the link is damaged:".
 */
export function decodeShareFragment(link: string, compressor: Compressor): { value: unknown } | { error: string } {
  const hash = link.includes('#') ? link.slice(link.indexOf('#') + 1) : link;
  const payload = (hash.startsWith('config=') ? hash.slice('config='.length) : hash).trim();
  const damaged = (why: string) => ({ error: `the link is damaged: ${why}` });
  if (payload === '') return damaged('it carries no config after #config=');
  if (!/^[A-Za-z0-9_-]+$/.test(payload)) return damaged('it has characters a config link never has (was it cut or edited?)');
  let text: string;
  try {
    const inflated = compressor.inflate(fromBase64Url(payload), inflatedLimit);
    if (inflated === undefined) throw new Error(`it unpacks to more than ${inflatedLimit / 1024} KB, which no config needs`);
    text = new TextDecoder().decode(inflated);
  } catch (error) {
    return damaged(`its compressed config is cut short or altered (${error instanceof Error ? error.message : String(error)})`);
  }
  try {
    return { value: JSON.parse(text) };
  } catch {
    return damaged('it unpacks to text that is not JSON (was it altered?)');
  }
}
