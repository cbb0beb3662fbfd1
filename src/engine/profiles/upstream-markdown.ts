import { profileIds, profileMeta } from './meta';
import { testsLabel } from './upstream-deviation';

/** The README region the differences are written into, between these two lines. */
export const upstreamMarkers = { start: '<!-- upstream-differences:start -->', end: '<!-- upstream-differences:end -->' } as const;

/**
 * Every profile's written-down differences from its upstream code as Markdown, for the README. Generated from the same
 * data the profile picker shows, so the two cannot drift; `npm run docs` writes it, and a test fails when it is stale.
 */
function upstreamDifferencesMarkdown(): string {
  const sections = profileIds.map((profile) => {
    const { relation, sources, deviations } = profileMeta[profile].upstream;
    const code = sources.map((source) => `\`${source.repository}\` @ \`${source.commit.slice(0, 8)}\``).join(' and ');
    const heading = relation === 'reproduces' ? `#### \`${profile}\` — differs from ${code} in ${deviations.length} places` : `#### \`${profile}\` — composes ${code}, departing from them in ${deviations.length} places`;
    const items = deviations.map((deviation, index) => {
      const test = deviation.test ? ` (${testsLabel(deviation.test)})` : '';
      return `${index + 1}. **${deviation.title}**${test}. Upstream: ${deviation.upstream} Here: ${deviation.ours} Why: ${deviation.why}`;
    });
    return [heading, '', ...items].join('\n');
  });
  return sections.join('\n\n');
}

/** `readme` with the region between the markers replaced by `upstreamDifferencesMarkdown()`; undefined when a marker is missing. */
export function withUpstreamDifferences(readme: string): string | undefined {
  const start = readme.indexOf(upstreamMarkers.start);
  const end = readme.indexOf(upstreamMarkers.end);
  if (start < 0 || end < start) return undefined;
  return `${readme.slice(0, start + upstreamMarkers.start.length)}\n${upstreamDifferencesMarkdown()}\n${readme.slice(end)}`;
}
