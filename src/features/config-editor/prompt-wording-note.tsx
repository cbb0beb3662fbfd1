import type { PromptSlot } from '../../engine/config';

/** Says whose words the default is, so nobody mistakes our paraphrase for the upstream prompt it stands in for. */
export function PromptWordingNote({ slot }: { slot: PromptSlot }) {
  const { wording, upstreamPlaceholders } = slot;
  if (wording.kind === 'ours') return <p className="muted prompt-wording">Our own text; no upstream prompt corresponds.</p>;
  const renames = Object.entries(upstreamPlaceholders ?? {}).map(([upstream, ours]) => `{${upstream}} as {{${ours}}}`);
  return (
    <p className="muted prompt-wording">
      A paraphrase of <code>{wording.upstream}</code>: the same sections in the same order, in our words. To send the upstream text exactly, paste it as the override
      {renames.length > 0 ? `, writing ${renames.join(' and ')}.` : '.'}
    </p>
  );
}
