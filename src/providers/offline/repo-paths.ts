/**
 * Repo-relative paths. Agents log absolute paths (`/home/me/projects/app/lib/x.ex`); a summary reads better and costs
 * less with `lib/x.ex` under one stated root. The root is the deepest directory most paths lie under among those a
 * conventional top-level folder (`src`, `lib`, `test`, …) sits in and those the session's commands `cd` into.
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

/** Every directory, at depth two or more, that a conventional top-level folder of the path sits in. */
function rootsBeforeTopLevel(path: string): string[] {
  const segments = segmentsOf(path);
  const roots: string[] = [];
  for (let index = 2; index < segments.length - 1; index++) {
    if (topLevelFolders.has(segments[index])) roots.push(segments.slice(0, index).join('/'));
  }
  return roots;
}

// Enough paths to find the root by; a hostile input's thousands of paths would only cost time.
const maxPathsRead = 500;

const cdPattern = /(?:^|&&\s*|;\s*)cd\s+("[^"]+"|'[^']+'|\S+)/g;

/** The root of the repository most of the session's absolute paths lie in, or undefined when none stands out. */
export function findRepoRoot(paths: readonly string[], commands: readonly string[]): string | undefined {
  const absolute = [...new Set(paths.filter(isAbsolute))].slice(0, maxPathsRead);
  if (absolute.length < 2) return undefined;
  const candidates = new Set<string>();
  for (const path of absolute) for (const root of rootsBeforeTopLevel(path)) candidates.add(root);
  for (const command of commands) {
    for (const match of command.matchAll(cdPattern)) {
      const directory = match[1].replace(/^["']|["']$/g, '').replace(/\/+$/, '');
      if (isAbsolute(directory) && segmentsOf(directory).length >= 3) candidates.add(directory);
    }
  }
  // The deepest candidate most paths lie under: a repository named like a folder (`app`) must not lift the root above it.
  let best: string | undefined;
  for (const root of candidates) {
    if (best !== undefined && root.length <= best.length) continue;
    const under = absolute.filter((path) => path.startsWith(`${root}/`)).length;
    if (under * 2 > absolute.length) best = root;
  }
  return best;
}

/** A path relative to the root when it lies under it; any other path whole. Never cut. */
export function relativeTo(root: string | undefined, path: string): string {
  if (root === undefined || !path.startsWith(`${root}/`)) return path;
  return path.slice(root.length + 1);
}

// Folders a session never works in by hand: the system's temporary folders (a harness's own tool output, a scratch
// file) and what builds, caches and test runs write. A path under one is output, not a file of the project.
const scratchFolder = /^(?:\/private)?\/(?:tmp|var\/tmp|var\/folders)\/|^\/dev\/|[\\/]AppData[\\/]Local[\\/]Temp[\\/]|^\$TMPDIR\//i;
const outputFolders = new Set([
  '_build', 'dist', 'target', '.next', '.nuxt', '.svelte-kit', '__pycache__', '.pytest_cache', '.mypy_cache', '.ruff_cache', '.cache', '.gradle',
  '.dart_tool', '.turbo', '.parcel-cache', 'bazel-out', 'cmake-build-debug', 'cmake-build-release',
]);
// Usually output, sometimes a project's own folder (build scripts, a package named `out`): only a path merely named there is dropped.
const likelyOutputFolders = new Set(['build', 'out', 'cover', 'coverage']);

/**
 * True for a path in a temporary folder or under a build, cache or coverage output folder (`_build/`, `dist/`, …);
 * with `isOnlyNamed`, also under a folder that usually holds output (`build/`, `coverage/`).
 */
export function isScratchPath(path: string, isOnlyNamed = false): boolean {
  if (scratchFolder.test(path)) return true;
  const folders = segmentsOf(path).slice(0, -1);
  return folders.some((segment) => outputFolders.has(segment) || (isOnlyNamed && likelyOutputFolders.has(segment)));
}
