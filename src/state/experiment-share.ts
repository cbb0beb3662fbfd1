import { canonicalJson, decodeShareFragment, encodeShareFragment } from '../engine/config';
import { deflateCompressor } from '../ports/deflate';
import type { ExperimentDefinition } from '../worker-client/experiment-protocol';

/** The fragment an experiment's link carries, beside config links' `#config=`: after `#`, never sent to a server. */
export const experimentFragmentPrefix = '#experiment=';

/**
 * An experiment's definition as a link: this page's address and `#experiment=` with the same encoding as a config
 * link (canonical JSON, raw DEFLATE, base64url), so it carries configs, assertions and the names and hashes of the
 * transcripts, never their text. Refused, in words, when a config holds what looks like a secret or the link would be
 * too long (the file then).
 */
export function experimentLink(definition: ExperimentDefinition, page: { origin: string; pathname: string }): { link: string } | { refused: 'secret' | 'too-long'; message: string } {
  const built = encodeShareFragment(definition, deflateCompressor);
  if ('refused' in built) {
    if (built.refused === 'secret') return { refused: 'secret', message: built.message.replace('this config holds', 'a config of this experiment holds') };
    return { refused: 'too-long', message: `The link would be ${(built.length / 1024).toFixed(1)} KB, more than a link may carry; download the experiment's definition as a file and share that instead.` };
  }
  return { link: `${page.origin}${page.pathname}${experimentFragmentPrefix}${built.fragment.slice(built.fragment.indexOf('=') + 1)}` };
}

/** The definition as a file: canonical JSON with a final newline, named after the experiment. */
export function experimentFile(definition: ExperimentDefinition): { fileName: string; text: string } {
  const stem = (definition.name ?? 'experiment').trim().replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'experiment';
  return { fileName: `${stem}.experiment.json`, text: `${canonicalJson(definition)}\n` };
}

/** The JSON an experiment link carries (to be checked as a definition), or why it cannot be read: "the link is damaged: …". */
export function decodeExperimentLink(link: string): { value: unknown } | { error: string } {
  const payload = link.slice(link.indexOf(experimentFragmentPrefix) + experimentFragmentPrefix.length);
  if (payload.trim() === '') return { error: 'the link is damaged: it carries no experiment after #experiment=' };
  return decodeShareFragment(payload, deflateCompressor);
}
