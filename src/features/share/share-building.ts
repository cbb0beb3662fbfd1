import { canonicalJson, encodeShareFragment, shareEnvelopeOf, type ConfigDocument, type ConfigPair, type ShareEnvelope, type ShareFragment } from '../../engine/config';
import { deflateCompressor } from '../../ports/deflate';

/** The view the sharer was looking at: the tab and the pass. */
export interface SharedView {
  tab: string;
  pass: number;
}

/** Who wrote the envelopes this page builds. */
const pageAuthor = 'compaction-lab (web)';

/** The envelope of the page's config, with the A/B pair when there is one. */
export function pageEnvelope(config: ConfigDocument, ab?: ConfigPair, view?: SharedView): ShareEnvelope {
  return shareEnvelopeOf(config, { createdWith: pageAuthor, ab, view });
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
