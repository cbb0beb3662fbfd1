import { canonicalJson, encodeShareFragment, shareEnvelopeOf, type ShareEnvelope, type ShareFragment } from '../../engine/config';
import { deflateCompressor } from '../../ports/deflate';

/** The view the sharer was looking at: the tab and the pass. */
export interface SharedView {
  tab: string;
  pass: number;
}

/** Who wrote the envelopes this page builds. */
const pageAuthor = 'compaction-lab (web)';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The envelope of the page's config, with the A/B pair when both variants are config objects. */
export function pageEnvelope(config: Record<string, unknown>, ab?: { a: unknown; b: unknown }, view?: SharedView): ShareEnvelope {
  const pair = ab && isObject(ab.a) && isObject(ab.b) ? { a: ab.a, b: ab.b } : undefined;
  return shareEnvelopeOf(config, { createdWith: pageAuthor, ab: pair, view });
}

/** The envelope as a file: canonical JSON with a final newline. */
export function envelopeFileText(envelope: ShareEnvelope): string {
  return `${canonicalJson(envelope)}\n`;
}

/**
 * The share link for an envelope: this page's address (no query string: nothing rides there) and the `#config=`
 * fragment, or the refusal (a secret, or too long for a link).
 */
export function shareLinkOf(envelope: ShareEnvelope, page: { origin: string; pathname: string }): { link: string } | Exclude<ShareFragment, { fragment: string }> {
  const built = encodeShareFragment(envelope, deflateCompressor);
  return 'fragment' in built ? { link: `${page.origin}${page.pathname}${built.fragment}` } : built;
}
