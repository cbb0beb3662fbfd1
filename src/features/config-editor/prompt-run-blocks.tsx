import { unknownVariables, upstreamPlaceholderProblem, type PromptSlot } from '../../engine/config';

/**
 * What in one prompt's override blocks a run, as alerts: {{variables}} the prompt does not fill, and an upstream
 * placeholder written where ours is meant. Nothing when the override is unset or fine. The prompt's list row and its
 * main editor both show these, in the same words.
 */
export function PromptRunBlocks({ slot, override }: { slot: PromptSlot; override: string | undefined }) {
  if (override === undefined) return null;
  const unknown = unknownVariables(slot, override);
  const upstreamProblem = upstreamPlaceholderProblem(slot, override);
  return (
    <>
      {unknown.length > 0 && (
        <p className="alert" role="alert">
          {unknown.map((name) => `{{${name}}}`).join(', ')} {unknown.length === 1 ? 'is' : 'are'} not filled by this prompt and would reach the model as literal braces; a run is blocked until it is fixed.
        </p>
      )}
      {upstreamProblem && <p className="alert" role="alert">{upstreamProblem} A run is blocked until it is fixed.</p>}
    </>
  );
}
