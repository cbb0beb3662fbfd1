import { describe, expect, it } from 'vitest';
import { runCompaction } from '../../lab/run-compaction';
import { importText } from '../formats/import-text';
import { readFixture } from '../formats/fixture-files.test-support';
import type { Transcript } from '../transcript/model';
import { extractFacts } from './extract-facts';
import { factCategories } from './facts';
import { isCompacted, measureRetention } from './measure-retention';
import { neededFacts } from './need-weighted';
import { normalizeText } from './normalize';
import { retentionText } from './retention-text';

const sessionFile = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';
const session: Transcript = importText(readFixture(sessionFile), { fileName: sessionFile }).transcripts[0];

// A custom compactor that writes every archived message's text and every string argument of its tool calls: nothing
// is lost, so every fact must be found. Tool outputs are not cut beforehand (toolOutputMaxChars).
const losslessCompactor = `messages => {
  const strings = (value) => typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];
  const argsOf = (call) => { try { return strings(JSON.parse(call.function.arguments)).join('\\n'); } catch { return call.function.arguments; } };
  return { summary: messages.map((message) => [message.content, ...(message.tool_calls ?? []).map(argsOf)].join('\\n')).join('\\n') };
}`;

describe('measureRetention on a real session', () => {
  it('scores a lossless config at 100% in every category', async () => {
    const config = { profile: 'two-tier', tokenThreshold: 20_000, compactStrategy: 'custom', toolOutputMaxChars: 100_000_000, customCompactor: losslessCompactor };
    const result = await runCompaction(session, { config, allowCallbacks: true }, () => {});
    expect(result.success).toBe(true);
    const [pass] = measureRetention(session, result, []);
    expect(pass.cumulative.total).toBeGreaterThan(100);
    expect(pass.cumulative).toMatchObject({ overall: 1, lost: [] });
    for (const category of factCategories) expect(pass.cumulative.byCategory[category].kept).toBe(pass.cumulative.byCategory[category].total);
    expect(pass.needWeighted).toMatchObject({ score: 1, lost: [] });
    expect(pass.needWeighted?.needed).toBeGreaterThan(5);
  });

  it('weighs a pass by what the messages after its compacted part use again, without counting those kept messages', async () => {
    const result = await runCompaction(session, { config: { profile: 'auto-compactor', window: 60_000 } }, () => {});
    const [pass] = measureRetention(session, result, []);
    const [snapshot] = result.passes;
    const outputIds = new Set(snapshot.messages.map((message) => message.id));
    const last = session.messages.findLastIndex((message) => isCompacted(snapshot, message, outputIds));
    const later = session.messages.slice(last + 1);
    expect(later.length).toBeGreaterThan(10);
    const needWeighted = pass.needWeighted;
    expect(needWeighted).toMatchObject({ laterFrom: later[0].id, laterMessages: later.length, nothingNeeded: false });
    expect(needWeighted?.needed).toBe(neededFacts(session.messages.slice(0, last + 1).filter((message) => isCompacted(snapshot, message, outputIds)), later).length);
    expect(needWeighted?.needed).toBeGreaterThan(10);
    expect(needWeighted?.lost.length).toBeGreaterThan(0);
    expect(needWeighted?.kept).toBe((needWeighted?.needed ?? 0) - (needWeighted?.lost.length ?? 0));
    // Each lost fact is used by a later message, kept verbatim in the output, and missing from the rest of the output.
    const laterIds = new Set(later.map((message) => message.id));
    const rest = normalizeText(snapshot.messages.filter((message) => !laterIds.has(message.id)).map(retentionText).join('\n'));
    const whole = normalizeText(snapshot.messages.map(retentionText).join('\n'));
    for (const fact of needWeighted?.lost ?? []) {
      expect(fact.usedAt.length).toBeGreaterThan(0);
      for (const id of fact.usedAt) expect(laterIds.has(id) && outputIds.has(id)).toBe(true);
      // A needed command counts only where it stands whole: `git status` inside `git status --short` is another command.
      if (fact.category !== 'command') expect(rest).not.toContain(normalizeText(fact.text).trim());
      expect(whole).toContain(normalizeText(fact.text).trim());
    }
  });

  it('lists what a truncating config lost: each lost fact is in its source message and not in the output', async () => {
    const result = await runCompaction(session, { config: { profile: 'two-tier', tokenThreshold: 20_000, compactStrategy: 'truncate' } }, () => {});
    const passes = measureRetention(session, result, []);
    expect(passes).toHaveLength(result.passes.length);
    const last = passes[passes.length - 1];
    expect(last.cumulative.lost.length).toBeGreaterThan(20);
    expect(last.cumulative.overall).toBeLessThan(0.9);
    expect(last.cumulative.kept + last.cumulative.lost.length).toBe(last.cumulative.total);
    const output = normalizeText(result.passes[result.passes.length - 1].messages.map(retentionText).join('\n'));
    const sources = new Map(session.messages.map((message) => [message.id, retentionText(message)]));
    for (const fact of last.cumulative.lost) {
      expect(sources.get(fact.sourceMessageId)).toContain(fact.text);
      // Absent as whole words: `7 files` may still stand inside `17 files`.
      const escaped = normalizeText(fact.text).trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      expect(output).not.toMatch(new RegExp(`(?<![a-z0-9_])${escaped}(?![a-z0-9_])`));
    }
  });

  it('checks the config’s pinned lines verbatim', async () => {
    const config = { profile: 'auto-compactor', window: 60_000, operativeSkills: [{ name: 'git', operative: ['Never force-push.'] }] };
    const result = await runCompaction(session, { config }, () => {});
    const [pass] = measureRetention(session, result, ['Never force-push.', 'A line no carrier holds.']);
    expect(pass.cumulative.pinned).toEqual({ total: 2, kept: 1, lost: ['A line no carrier holds.'] });
    expect(pass.flags.filter((flag) => flag.kind === 'pinned-line-lost').map((flag) => flag.evidence)).toEqual(['A line no carrier holds.']);
  });

  it('measures nothing when no pass ran', async () => {
    const result = await runCompaction(session, { config: { profile: 'auto-compactor', window: 10_000_000 } }, () => {});
    expect(result.passes).toHaveLength(0);
    expect(measureRetention(session, result, [])).toEqual([]);
  });

  it('facts extracted from the compacted messages are the cumulative total', async () => {
    const result = await runCompaction(session, { config: { profile: 'two-tier', tokenThreshold: 20_000, compactStrategy: 'truncate' } }, () => {});
    const [pass] = measureRetention(session, result, []);
    const compacted = session.messages.filter((message) => result.passes[0].fates[message.id]?.kind !== 'kept');
    expect(pass.cumulative.total).toBe(extractFacts(compacted).length);
    expect(pass.perPass.total).toBe(pass.cumulative.total);
  });
});
