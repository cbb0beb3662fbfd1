import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importText } from '../formats/import-text';
import type { Message } from '../transcript/model';
import { agentCompactions } from '../versus/agent-compactions';
import { cutAtCompaction } from '../versus/cut-at-compaction';
import type { Fact } from './facts';
import { neededFacts, needWeightedRetention } from './need-weighted';
import { mergeSpellings } from './same-fact';
import { call, message, result, text } from './test-messages.test-support';

const summary = (value: string): Message[] => [message('user', [text(value)], 'summary')];

describe('one file, however the compacted part spells it', () => {
  // The agent reads a file by its absolute path, then names it repo-relative (as Claude Code sessions do).
  const compactedPart = [
    message('assistant', [call('r1', 'Read', { file_path: '/home/u/repo/cmd/entire/cli/strategy/common.go' })]),
    message('tool', [result('r1', 'package strategy')]),
    message('assistant', [text('The hook lives in cmd/entire/cli/strategy/common.go; see also ./cmd/entire/cli/strategy/common.go and strategy/common.go.')]),
  ];
  const after = [message('assistant', [call('e1', 'Edit', { file_path: '/home/u/repo/cmd/entire/cli/strategy/common.go', old_string: 'a', new_string: 'b' })])];
  const needed = neededFacts(compactedPart, after);

  it('is one needed fact, stated by its first spelling, with the others as spellings', () => {
    const paths = needed.filter((fact) => fact.category === 'path');
    expect(paths.map((fact) => [fact.text, fact.spellings])).toEqual([
      ['/home/u/repo/cmd/entire/cli/strategy/common.go', ['cmd/entire/cli/strategy/common.go', './cmd/entire/cli/strategy/common.go', 'strategy/common.go']],
    ]);
  });

  it('is kept by a context that holds any spelling', () => {
    expect(needWeightedRetention(needed, summary('Edited cmd/entire/cli/strategy/common.go.'))).toMatchObject({ needed: 1, kept: 1 });
    expect(needWeightedRetention(needed, summary('Nothing about files.'))).toMatchObject({ needed: 1, kept: 0 });
  });

  it('leaves apart a path that ends two different files, and a bare file name', () => {
    const two = [message('assistant', [text('Compare /repo/cli/x.go with /repo/vendor/cli/x.go, then cli/x.go and x.go.')])];
    const uses = [message('assistant', [text('Back to /repo/cli/x.go, /repo/vendor/cli/x.go, cli/x.go and x.go.')])];
    expect(neededFacts(two, uses).map((fact) => [fact.text, fact.spellings])).toEqual([
      ['/repo/cli/x.go', undefined],
      ['/repo/vendor/cli/x.go', undefined],
      ['cli/x.go', undefined],
      ['x.go', undefined],
    ]);
  });

  it('counts each file of a real Claude Code session once (absolute and repo-relative spellings)', () => {
    const name = 'claude-code__entire-545b45d4-729e-4d0b-8e6b-45cb65d43f00.jsonl';
    const file = path.join(import.meta.dirname, '..', '..', '..', 'e2e', 'fixtures', 'compactions', name);
    const transcript = importText(readFileSync(file, 'utf8'), { fileName: name }).transcripts[0];
    const cut = cutAtCompaction(transcript, agentCompactions(transcript)[0]);
    const facts = neededFacts(cut.compactedPart, cut.after).filter((fact) => fact.category === 'path');
    const common = facts.filter((fact) => [fact.text, ...(fact.spellings ?? [])].some((spelling) => spelling.endsWith('cli/strategy/common.go')));
    expect(common).toHaveLength(1);
    expect(common[0].spellings).toContain('/Users/alex/workspace/cli/.worktrees/3/cmd/entire/cli/strategy/common.go');
  });
});

describe('many files', () => {
  it('merges 20,000 path facts of one name in many folders into their files, leaving the bare name apart', () => {
    // Each of 10,000 folders holds an index.ts, named absolute first and repo-relative later; a bare index.ts ends them all.
    const files = 10_000;
    const path = (text: string, index: number): Fact => ({ category: 'path', text, sourceMessageId: `m${index}` });
    const facts = [
      ...Array.from({ length: files }, (_, index) => path(`/home/u/repo/pkg/${index}/index.ts`, index)),
      ...Array.from({ length: files }, (_, index) => path(`pkg/${index}/index.ts`, files + index)),
      path('index.ts', 2 * files),
    ];
    const merged = mergeSpellings(facts);
    expect(merged).toHaveLength(files + 1);
    expect(merged.slice(0, files).every((fact, index) => fact.text === `/home/u/repo/pkg/${index}/index.ts` && fact.spellings?.length === 1 && fact.spellings[0] === `pkg/${index}/index.ts`)).toBe(true);
    expect(merged[files]).toEqual(path('index.ts', 2 * files));
  });

  it('merges a file named 150,000 times into one fact with every other spelling', () => {
    const facts: Fact[] = Array.from({ length: 150_000 }, (_, index) => ({ category: 'path', text: index % 2 ? 'src/a.ts' : '/repo/src/a.ts', sourceMessageId: `m${index}` }));
    const merged = mergeSpellings(facts);
    expect(merged).toHaveLength(1);
    expect(merged[0].text).toBe('/repo/src/a.ts');
    expect(merged[0].spellings).toHaveLength(149_999);
  });
});

describe('one command, however the compacted part wraps it', () => {
  const compactedPart = [
    message('assistant', [call('b1', 'Bash', { command: 'cd /home/u/repo && GOFLAGS=-count=1 go test ./cmd/entire/cli/strategy 2>&1 | tail -20' })]),
    message('tool', [result('b1', 'ok')]),
    message('assistant', [call('b2', 'Bash', { command: 'go test ./cmd/entire/cli/strategy | head -5' })]),
    message('tool', [result('b2', 'ok')]),
  ];

  it('is one needed fact, used and held by the command without its wrapping', () => {
    const after = [message('assistant', [call('b3', 'Bash', { command: 'go test ./cmd/entire/cli/strategy' })])];
    const needed = neededFacts(compactedPart, after).filter((fact) => fact.category === 'command');
    expect(needed.map((fact) => [fact.text, fact.spellings])).toEqual([
      ['cd /home/u/repo && GOFLAGS=-count=1 go test ./cmd/entire/cli/strategy 2>&1 | tail -20', ['go test ./cmd/entire/cli/strategy | head -5', 'go test ./cmd/entire/cli/strategy']],
    ]);
    expect(needWeightedRetention(needed, summary('Tests pass: `go test ./cmd/entire/cli/strategy`.'))).toMatchObject({ needed: 1, kept: 1 });
  });

  it('keeps its own arguments: another package, a longer command or a shared prefix is not the same command', () => {
    const needed = neededFacts(compactedPart, [message('assistant', [text('Run go test ./cmd/entire/cli/strategy next.')])]);
    expect(needed).toHaveLength(1);
    for (const other of ['go test ./cmd/entire/cli/checkpoint', 'go test ./cmd/entire/cli/strategy/...', 'go test ./cmd/entire/cli/strategy -run TestClean', 'go test ./...']) {
      expect(needWeightedRetention(needed, summary(`Ran ${other}.`)).kept, other).toBe(0);
    }
    // Nor is a task of another name that starts like it.
    const mise = [message('assistant', [call('b4', 'Bash', { command: 'mise run test 2>&1 | tail -30' })])];
    const miseNeeded = neededFacts(mise, [message('assistant', [call('b5', 'Bash', { command: 'mise run test' })])]);
    expect(needWeightedRetention(miseNeeded, summary('Ran mise run test:ci.'))).toMatchObject({ needed: 1, kept: 0 });
    expect(needWeightedRetention(miseNeeded, summary('Ran mise run test; all green.'))).toMatchObject({ needed: 1, kept: 1 });
    expect(needWeightedRetention(miseNeeded, summary('Ran mise run test - all green.'))).toMatchObject({ needed: 1, kept: 1 });
  });

  it('is not used again by a command that only starts like it', () => {
    const plain = [message('assistant', [call('b6', 'Bash', { command: 'go test ./cmd/entire/cli/strategy' })])];
    expect(neededFacts(plain, [message('assistant', [call('b7', 'Bash', { command: 'go test ./cmd/entire/cli/strategy/... -v' })])])).toEqual([]);
    expect(neededFacts(plain, [message('assistant', [call('b8', 'Bash', { command: 'go test ./cmd/entire/cli/strategy -run TestClean' })])])).toEqual([]);
  });
});
