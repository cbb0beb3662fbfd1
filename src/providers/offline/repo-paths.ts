/**
 * Repo-relative paths. Agents log absolute paths (`/home/me/projects/app/lib/x.ex`); a summary reads better and costs
 * less with `lib/x.ex` under one stated root. The root is where most paths enter a conventional top-level folder
 * (`src`, `lib`, `test`, …), or the directory the session's commands `cd` into when most paths lie under it.
 */

const topLevelFolders = new Set([
  'src', 'lib', 'libs', 'test', 'tests', 'spec', 'specs', 'app', 'apps', 'packages', 'pkg', 'cmd', 'internal', 'docs', 'doc',
  'scripts', 'bin', 'priv', 'config', 'e2e', 'public', 'include', 'source', 'crates', 'modules', 'examples', 'tools', '.github',
]);

function isAbsolute(path: string): boolean {
  return path.startsWith('/') || path.startsWith('~/') || /^[A-Za-z]:[\\/]/.test(path);
}

function segmentsOf(path: string): string[] {
  return path.split(/[\\/]/);
}

/** The directory before the first conventional top-level folder, at depth two or more; undefined when there is none. */
function rootBeforeTopLevel(path: string): string | undefined {
  const segments = segmentsOf(path);
  for (let index = 2; index < segments.length - 1; index++) {
    if (topLevelFolders.has(segments[index])) return segments.slice(0, index).join('/');
  }
  return undefined;
}

const cdPattern = /(?:^|&&\s*|;\s*)cd\s+("[^"]+"|'[^']+'|\S+)/g;

/** The root of the repository most of the session's absolute paths lie in, or undefined when none stands out. */
export function findRepoRoot(paths: readonly string[], commands: readonly string[]): string | undefined {
  const absolute = [...new Set(paths.filter(isAbsolute))];
  if (absolute.length < 2) return undefined;
  const candidates = new Set<string>();
  for (const path of absolute) {
    const root = rootBeforeTopLevel(path);
    if (root !== undefined) candidates.add(root);
  }
  for (const command of commands) {
    for (const match of command.matchAll(cdPattern)) {
      const directory = match[1].replace(/^["']|["']$/g, '').replace(/\/+$/, '');
      if (isAbsolute(directory) && segmentsOf(directory).length >= 3) candidates.add(directory);
    }
  }
  let best: string | undefined;
  let bestCount = 0;
  // The candidate most paths lie under; among equals the deepest, so the relative paths stay short.
  for (const root of candidates) {
    const under = absolute.filter((path) => path.startsWith(`${root}/`)).length;
    if (under > bestCount || (under === bestCount && best !== undefined && root.length > best.length)) {
      best = root;
      bestCount = under;
    }
  }
  return best !== undefined && bestCount * 2 > absolute.length ? best : undefined;
}

/** A path relative to the root when it lies under it; any other path whole. Never cut. */
export function relativeTo(root: string | undefined, path: string): string {
  if (root === undefined || !path.startsWith(`${root}/`)) return path;
  return path.slice(root.length + 1);
}
