import type { CompactionEvent } from '../../engine';

/** What happened inside one pass, for its timeline entry: how many attempts, retries, timeouts, and which fallbacks. */
export interface PassStory {
  pass: number;
  attempts: number;
  retries: number;
  timeouts: number;
  failures: number;
  fallbacks: string[];
}

/** Groups a run's events by pass, in one linear walk. */
export function passStories(events: readonly CompactionEvent[]): Map<number, PassStory> {
  const stories = new Map<number, PassStory>();
  const storyOf = (pass: number): PassStory => {
    let story = stories.get(pass);
    if (!story) {
      story = { pass, attempts: 0, retries: 0, timeouts: 0, failures: 0, fallbacks: [] };
      stories.set(pass, story);
    }
    return story;
  };
  for (const event of events) {
    switch (event.type) {
      case 'attempt-start':
        storyOf(event.pass).attempts++;
        break;
      case 'attempt-retry':
        storyOf(event.pass).retries++;
        break;
      case 'attempt-end':
        if (!event.ok) storyOf(event.pass).failures++;
        if (event.error?.code === 'timeout') storyOf(event.pass).timeouts++;
        break;
      case 'fallback':
        storyOf(event.pass).fallbacks.push(`${event.from} → ${event.to}`);
        break;
      default:
        break;
    }
  }
  return stories;
}
