import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every arrow points one way (issue 15): no file of src imports itself back through others, type-only imports
 * included, and no two folders of the engine import each other. Imports are read from the source text and resolved
 * as the bundler does, so this needs no tool beyond node.
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
export function relativeSpecifiers(text: string): string[] {
  return [...text.matchAll(SPECIFIER)].map((match) => match[1]).filter((specifier) => specifier.startsWith('.'));
}

function resolveImport(fromFile: string, specifier: string, known: Set<string>): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier.replace(/\?.*$/, ''));
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((suffix) => base + suffix).find((candidate) => known.has(candidate));
}

function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(files.map((file) => [
    file,
    relativeSpecifiers(readFileSync(file, 'utf8'))
      .map((specifier) => resolveImport(file, specifier, known))
      .filter((target): target is string => target !== undefined && target !== file),
  ]));
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

describe('import structure', () => {
  const graph = importGraph(sourceFiles(sourceRoot));
  const relative = (file: string) => path.relative(sourceRoot, file);

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

  it('finds a cycle when there is one, type-only imports included', () => {
    expect(relativeSpecifiers("import type { A } from './a';\nimport './b';\nexport { c } from '../c';\nconst d = import('./d');"))
      .toEqual(['./a', './b', '../c', './d']);
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c']]);
    expect(cycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });
});
