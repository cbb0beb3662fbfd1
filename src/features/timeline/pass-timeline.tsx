import { useRunStore } from '../../app/run-store';
import { formatInteger } from '../../ui/format';
import { useStepKeys } from '../../ui/use-step-keys';
import { passStories, type PassStory } from './pass-stories';

/** The badges of a pass: retries, timeouts, failed attempts and fallbacks, in words. */
function storyBadges(story: PassStory | undefined): string[] {
  if (!story) return [];
  const badges: string[] = [];
  if (story.attempts > 1) badges.push(`${story.attempts} attempts`);
  if (story.retries > 0) badges.push(`${story.retries} ${story.retries === 1 ? 'retry' : 'retries'}`);
  if (story.timeouts > 0) badges.push(`${story.timeouts} ${story.timeouts === 1 ? 'timeout' : 'timeouts'}`);
  for (const fallback of story.fallbacks) badges.push(`fallback ${fallback}`);
  return badges;
}

/** ←/→ step the shown pass anywhere on the page, unless a control is using the arrows. */
function usePassKeys(): void {
  useStepKeys('ArrowRight', 'ArrowLeft', (direction) => {
    const { selectedPass, passChosen, result } = useRunStore.getState();
    if (!result) return false;
    passChosen(selectedPass + direction);
  });
}

/** The passes of the shown run as a row of steps (pass 0 is the original); choosing one sets every view to it. */
export function PassTimeline() {
  usePassKeys();
  const result = useRunStore((state) => state.result);
  const events = useRunStore((state) => state.events);
  const selectedPass = useRunStore((state) => state.selectedPass);
  const passChosen = useRunStore((state) => state.passChosen);
  if (!result) return null;
  const stories = passStories(events);
  return (
    <nav className="pass-timeline" aria-label="Passes">
      <ol>
        <li>
          <button type="button" aria-current={selectedPass === 0 ? 'step' : undefined} onClick={() => passChosen(0)}>
            <strong>Original</strong>
            <span>{formatInteger(result.tokensBefore)} tokens</span>
          </button>
        </li>
        {result.passes.map((snapshot) => (
          <li key={snapshot.pass}>
            <button
              type="button"
              className={snapshot.ok ? undefined : 'pass-failed'}
              aria-current={selectedPass === snapshot.pass ? 'step' : undefined}
              onClick={() => passChosen(snapshot.pass)}
            >
              <strong>Pass {snapshot.pass}</strong>
              <span>
                {formatInteger(snapshot.tokensBefore)} → {formatInteger(snapshot.tokensAfter)} · {snapshot.strategy}
                {snapshot.ok ? '' : ' · failed'}
              </span>
              {storyBadges(stories.get(snapshot.pass)).map((badge) => (
                <span key={badge} className="pass-badge">{badge}</span>
              ))}
            </button>
          </li>
        ))}
      </ol>
      <span className="muted pass-hint">← / → step passes · tokens are the profile's own estimate</span>
    </nav>
  );
}
