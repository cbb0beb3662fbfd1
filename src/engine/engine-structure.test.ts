import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every arrow points one way (issue 15): no file of src imports itself back through others, type-only imports
 * included, and no two folders of the engine import each other. The engine's entries are the only doors: no engine
 * file goes through one, and the page's entries load no profile code. Imports are read from the source text and
 * resolved as the bundler does, so this needs no tool beyond node. Inside `profiles`, which counts as one folder here, a
 * profile's code reaches another profile only through that profile's faces (`meta.ts`, `parts.ts`).
 */
const sourceRoot = path.join(import.meta.dirname, '..');
const engineRoot = import.meta.dirname;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** `import … from`, `export … from`, bare `import '…'` and `import('…')`, type-only ones too. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

/** The relative imports of one file's text, as they are written. */
function relativeSpecifiers(text: string): string[] {
  return [...text.matchAll(SPECIFIER)].map((match) => match[1]).filter((specifier) => specifier.startsWith('.'));
}

/** `import|export [type] {…} from '…'` and their default and namespace forms; the clause is what sits before `from`. */
const STATEMENT = /(?:^|\n)\s*(?:import|export)(\s+type)?\s+([^;]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

/** The relative imports that load code at run time: not `import type`, nor a brace list of types only. */
function valueSpecifiers(text: string): string[] {
  return [...text.matchAll(STATEMENT)].flatMap((match) => {
    if (match[4] !== undefined) return [match[4]];
    const clause = match[2];
    const typesOnly = match[1] !== undefined || /^\{[^}]*\}$/.test(clause) && clause.slice(1, -1).split(',').map((part) => part.trim()).filter(Boolean).every((part) => part.startsWith('type '));
    return typesOnly ? [] : [match[3]];
  }).filter((specifier) => specifier.startsWith('.'));
}

function resolveImport(fromFile: string, specifier: string, known: Set<string>): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier.replace(/\?.*$/, ''));
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((suffix) => base + suffix).find((candidate) => known.has(candidate));
}

function importGraph(files: string[], specifiersOf = relativeSpecifiers): Map<string, string[]> {
  const known = new Set(files);
  return new Map(files.map((file) => [
    file,
    specifiersOf(readFileSync(file, 'utf8'))
      .map((specifier) => resolveImport(file, specifier, known))
      .filter((target): target is string => target !== undefined && target !== file),
  ]));
}

/** Every file a start file loads, itself included. */
function reachable(graph: Map<string, string[]>, start: string): Set<string> {
  const seen = new Set([start]);
  const stack = [start];
  while (stack.length > 0) {
    for (const next of graph.get(stack.pop() ?? '') ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(next);
    }
  }
  return seen;
}

/** The cycles of a graph, each as the nodes of one strongly connected component with more than one node. */
export function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    // Iterative Tarjan: each frame is a node and the position of the next edge to follow.
    const frames: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, counter);
    low.set(start, counter);
    counter += 1;
    stack.push(start);
    onStack.add(start);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const next = edges[frame.edge];
        frame.edge += 1;
        if (!index.has(next)) {
          index.set(next, counter);
          low.set(next, counter);
          counter += 1;
          stack.push(next);
          onStack.add(next);
          frames.push({ node: next, edge: 0 });
        } else if (onStack.has(next)) {
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(next) ?? 0));
        }
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop();
          if (member === undefined) break;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) found.push(component.sort());
      }
    }
  }
  return found;
}

/** The engine folder a file belongs to (`run`, `formats`, …); files at the engine's top belong to none. */
function engineFolder(file: string): string | undefined {
  const parts = path.relative(engineRoot, file).split(path.sep);
  return parts.length < 2 ? undefined : parts[0];
}

/** The engine's doors for other layers: `engine`, `engine/headless` and the subpath entries. */
const entries = ['index.ts', 'headless.ts', 'transcript/index.ts', 'config/index.ts'].map((file) => path.join(engineRoot, file));
/** The entries the page may load, which must carry no profile code (profiles/meta.ts is both a module and an entry). */
const pageEntries = ['index.ts', 'transcript/index.ts', 'config/index.ts', 'profiles/meta.ts'].map((file) => path.join(engineRoot, file));
/** Profile code: the registry and each profile's module. */
const isProfileCode = (file: string) => /^profiles\/(registry\.ts|[^/]+\/index\.ts)$/.test(path.relative(engineRoot, file).split(path.sep).join('/'));

/** The files of a profile folder that another profile may import (src/engine/profiles/README.md, "Faces"). */
const profileFaces = new Set(['meta.ts', 'parts.ts']);

/** A profile folder's name and the file's path inside it; undefined for a file outside every `profiles/<folder>/`. */
function inProfileFolder(file: string): { folder: string; inner: string } | undefined {
  const match = /^profiles\/([^/]+)\/(.+)$/.exec(file);
  return match ? { folder: match[1], inner: match[2] } : undefined;
}

/**
 * Every import from a non-test file of one profile folder into another profile folder, as `from → to`, split by
 * whether it goes through that profile's faces. A profile folder is one holding a `meta.ts`: `profiles/code` and the
 * files beside the folders are shared by every profile, so importing them is no reach into another profile. Takes a
 * graph keyed by engine-relative paths with `/`, so the rule is checked the same way on the real tree and on a made-up
 * one.
 */
function crossProfileImports(graph: Map<string, string[]>): { throughFaces: string[]; breaches: string[] } {
  const profiles = new Set([...graph.keys()].flatMap((file) => {
    const place = inProfileFolder(file);
    return place?.inner === 'meta.ts' ? [place.folder] : [];
  }));
  const throughFaces: string[] = [];
  const breaches: string[] = [];
  for (const [file, targets] of graph) {
    // Tests may reach further (a unified test drives seed 1's test support), as elsewhere in this file.
    if (/\.test(-support)?\.tsx?$/.test(file)) continue;
    const from = inProfileFolder(file);
    if (from === undefined || !profiles.has(from.folder)) continue;
    for (const target of targets) {
      const to = inProfileFolder(target);
      if (to === undefined || to.folder === from.folder || !profiles.has(to.folder)) continue;
      (profileFaces.has(to.inner) ? throughFaces : breaches).push(`${file} → ${target}`);
    }
  }
  return { throughFaces, breaches };
}

describe('import structure', () => {
  const files = sourceFiles(sourceRoot);
  const graph = importGraph(files);
  const relative = (file: string) => path.relative(sourceRoot, file);
  const engineRelative = (file: string) => path.relative(engineRoot, file).split(path.sep).join('/');

  it('has no import cycle between files of src, type-only imports included', () => {
    expect(cycles(graph).map((component) => component.map(relative))).toEqual([]);
  });

  it('has no import cycle between folders of the engine', () => {
    const folders = new Map<string, Set<string>>();
    for (const [file, targets] of graph) {
      // Tests may reach further (a profile's test reads a config), as the layer rules in lint allow.
      if (/\.test(-support)?\.tsx?$/.test(file)) continue;
      const from = file.startsWith(engineRoot + path.sep) ? engineFolder(file) : undefined;
      if (from === undefined) continue;
      const edges = folders.get(from) ?? new Set<string>();
      for (const target of targets) {
        const to = target.startsWith(engineRoot + path.sep) ? engineFolder(target) : undefined;
        if (to !== undefined && to !== from) edges.add(to);
      }
      folders.set(from, edges);
    }
    const folderGraph = new Map([...folders].map(([folder, edges]) => [folder, [...edges]]));
    expect(folderGraph.size).toBeGreaterThan(5);
    expect(cycles(folderGraph)).toEqual([]);
  });

  it('has no engine file going through an entry or a concept’s index', () => {
    // A concept's index (`engine/<folder>/index.ts`) is a door for the house, listed by engine/index.ts: inside the
    // engine, files import the file that holds what they need.
    const doors = new Set([...entries, ...files.filter((file) => /^[^/]+\/index\.ts$/.test(path.relative(engineRoot, file).split(path.sep).join('/')))]);
    expect(doors.size).toBeGreaterThan(10);
    const through = [...graph].filter(([file]) => file.startsWith(engineRoot + path.sep) && !doors.has(file) && !/\.test(-support)?\.tsx?$/.test(file))
      .flatMap(([file, targets]) => targets.filter((target) => doors.has(target)).map((target) => `${relative(file)} → ${relative(target)}`));
    expect(through).toEqual([]);
  });

  it('loads no profile code through the entries the page may import', () => {
    const values = importGraph(files.filter((file) => file.startsWith(engineRoot + path.sep)), valueSpecifiers);
    const index = reachable(values, path.join(engineRoot, 'index.ts'));
    expect(index.size).toBeGreaterThan(20);
    for (const entry of pageEntries) expect([...reachable(values, entry)].filter(isProfileCode).map(relative)).toEqual([]);
    expect([...reachable(values, path.join(engineRoot, 'headless.ts'))].filter(isProfileCode).length).toBeGreaterThan(0);
  });

  it("lets a profile's code import another profile only through its faces (meta.ts, parts.ts), type-only imports included", () => {
    const engineGraph = new Map([...graph]
      .filter(([file]) => file.startsWith(engineRoot + path.sep))
      .map(([file, targets]) => [engineRelative(file), targets.filter((target) => target.startsWith(engineRoot + path.sep)).map(engineRelative)]));
    const { throughFaces, breaches } = crossProfileImports(engineGraph);
    expect(breaches).toEqual([]);
    // unified composes seeds 1 and 3, so the rule is checked on real imports, not on none.
    expect(throughFaces.length).toBeGreaterThan(0);
  });

  it('finds a reach past a face when there is one', () => {
    const made = new Map([
      ['profiles/seed/meta.ts', []],
      ['profiles/seed/gate.ts', []],
      ['profiles/mix/meta.ts', ['profiles/seed/meta.ts']],
      ['profiles/mix/run.ts', ['profiles/seed/parts.ts', 'profiles/seed/gate.ts', 'profiles/code/render.ts', 'profiles/mix/meta.ts', 'profile-meta.ts']],
      ['profiles/mix/run.test.ts', ['profiles/seed/gate.ts']],
      ['compare/compare.ts', ['profiles/seed/gate.ts']],
    ]);
    expect(crossProfileImports(made)).toEqual({
      throughFaces: ['profiles/mix/meta.ts → profiles/seed/meta.ts', 'profiles/mix/run.ts → profiles/seed/parts.ts'],
      breaches: ['profiles/mix/run.ts → profiles/seed/gate.ts'],
    });
  });

  it('finds a cycle when there is one, type-only imports included', () => {
    expect(relativeSpecifiers("import type { A } from './a';\nimport './b';\nexport { c } from '../c';\nconst d = import('./d');"))
      .toEqual(['./a', './b', '../c', './d']);
    expect(valueSpecifiers("import type { A } from './a';\nimport { type B, type C } from './b';\nimport { d, type E } from './d';\nexport { f } from './f';\nimport './g';\nexport type { H } from './h';"))
      .toEqual(['./d', './f', './g']);
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c']]);
    expect(cycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });
});
