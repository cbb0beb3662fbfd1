/**
 * A place where a profile deliberately does not do what its upstream code does. Every profile keeps the full list in
 * its own `upstream-deviations.ts` (plain data, so the page can show it without loading the engine); the README's
 * engine table and the profile picker read from there, and "reproduced exactly" is claimed only outside the list.
 */
export interface UpstreamDeviation {
  /** A short name, e.g. "Multibyte text at byte 120 of a masked line". */
  title: string;
  /** What the upstream code does, with its file (and line where it helps) at the commit the profile follows. */
  upstream: string;
  /** What this profile does instead. */
  ours: string;
  /** Why: an upstream bug, a model difference, a documented contract we keep, or wording we must not copy. */
  why: string;
  /** The named test that pins the behaviour (e.g. `H31`), when one does. */
  test?: string;
}

/** The upstream code a profile follows: repository, commit and the files read. */
export interface UpstreamSource {
  repository: string;
  commit: string;
  files: readonly string[];
}

/** What a profile owes to upstream code: whether it reproduces one system or composes several, the code, and where it departs. */
export interface ProfileUpstream {
  relation: 'reproduces' | 'composes';
  sources: readonly UpstreamSource[];
  deviations: readonly UpstreamDeviation[];
}

/** "test D14", or "tests D15, D22" for several: how a deviation names the tests that pin it. */
export function testsLabel(reference: string): string {
  return `${/[,–]/.test(reference) ? 'tests' : 'test'} ${reference}`;
}
