import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../formats/fixture-files.test-support';
import { importText } from '../formats/import-text';
import { charsPerTokenCounter } from '../tokens/token-counter';
import type { Message } from '../transcript/model';
import { agentCompactions } from './agent-compactions';
import { compareWithAgent } from './compare-with-agent';
import { cutAtCompaction } from './cut-at-compaction';

const count = charsPerTokenCounter();
const compactionsFolder = path.join(import.meta.dirname, '..', '..', '..', 'e2e', 'fixtures', 'compactions');

describe('which messages each side of a comparison holds, and where a kept fact came from', () => {
  // A real Claude Code session whose one compaction is a manual /compact: Claude Code put five local-command messages
  // (the caveat, `/compact let's do a review`, its output, `/skills` and its output) beside the summary.
  const name = 'claude-code__entire-67d765b5-4286-4ec5-b051-950466e186f0.jsonl';
  const transcript = importText(readFileSync(path.join(compactionsFolder, name), 'utf8'), { fileName: name }).transcripts[0];
  const cut = cutAtCompaction(transcript, agentCompactions(transcript)[0]);
  const recent = cut.before.messages.slice(-10);
  const report = compareWithAgent({ cut, profileContext: recent, count });

  it('counts the agent’s summary apart from the messages Claude Code added after it, and a profile’s kept history as kept', () => {
    expect(cut.compaction.marker.trigger).toBe('manual');
    expect(report.agent.holds).toEqual({ summary: 1, kept: 0, added: 5 });
    expect(report.profile.holds).toEqual({ summary: 0, kept: 10, added: 0 });
  });

  it('credits every kept fact to the part that holds it first, and the summary whenever it does', () => {
    for (const side of [report.agent, report.profile]) {
      const { summary, kept, added, system } = side.keptFrom;
      expect(summary + kept + added + system).toBe(side.kept);
      expect(side.keptOnlyByAdded).toHaveLength(added);
    }
    expect(report.agent.keptFrom.kept).toBe(0);
    expect(report.profile.keptFrom).toMatchObject({ summary: 0, added: 0 });
  });

  it('names a fact an added message alone holds as kept by it, not by the summary', () => {
    // The summary stands in as the one message; the harness's added message re-supplies a path the summary lacks.
    const needed = report.agent.lost[0];
    expect(needed).toBeDefined();
    const hook: Message = { id: 'hook', role: 'user', origin: 'injected', blocks: [{ kind: 'text', text: `SessionStart:compact hook: ${needed.text}` }], sourceRef: {}, raw: null };
    const withHook = compareWithAgent({ cut: { ...cut, agentContext: [...cut.agentContext, hook] }, profileContext: recent, count });
    expect(withHook.agent.holds.added).toBe(6);
    expect(withHook.agent.keptOnlyByAdded.map((fact) => fact.text)).toContain(needed.text);
    expect(withHook.agent.keptFrom.added).toBe(report.agent.keptFrom.added + 1);
  });

  it('says in a sentence which side holds added messages, and what it keeps without the facts only they hold', () => {
    expect(report.addedNote).toBe(
      "Only the agent's context holds added messages: 5 messages the agent's harness put after its summary (hook output, local-command output, re-attached files), which the profile's run never sees; no needed fact is held only there.",
    );
    const needed = report.agent.lost[0];
    const hook: Message = { id: 'hook', role: 'user', origin: 'injected', blocks: [{ kind: 'text', text: `SessionStart:compact hook: ${needed.text}` }], sourceRef: {}, raw: null };
    const withHook = compareWithAgent({ cut: { ...cut, agentContext: [...cut.agentContext, hook] }, profileContext: [...recent, hook], count });
    const { kept, needed: total } = withHook.agent;
    expect(withHook.addedNote).toBe(
      "Both contexts hold added messages: in the agent's, 6 messages the agent's harness put after its summary (hook output, local-command output, re-attached files), which the profile's run never sees; " +
        `1 needed fact is held only there (without them it keeps ${kept - 1} of ${total}); in the profile's, 1 message the profile's run inserted beside its summary; no needed fact is held only there.`,
    );
    const neither = compareWithAgent({ cut: { ...cut, agentContext: cut.agentContext.filter((message) => message.origin === 'summary') }, profileContext: recent, count });
    expect(neither.addedNote).toMatch(/^Neither context holds messages added beside its summary/);
  });

  it('scores the summary alone: without the messages added after it or the history a profile kept', () => {
    const summary = cut.agentContext.filter((message) => message.origin === 'summary');
    expect(report.agent.summaryOnly).toEqual({ messages: 1, tokens: report.boundary.agentSummaryTokens, needRetention: report.agent.keptFrom.summary / report.agent.needed, kept: report.agent.keptFrom.summary });
    expect(summary).toHaveLength(1);
    // A fact only a hook re-supplies raises the context's score, not the summary's.
    const needed = report.agent.lost[0];
    const hook: Message = { id: 'hook', role: 'user', origin: 'injected', blocks: [{ kind: 'text', text: needed.text }], sourceRef: {}, raw: null };
    const withHook = compareWithAgent({ cut: { ...cut, agentContext: [...cut.agentContext, hook] }, profileContext: recent, count });
    expect(withHook.agent.kept).toBe(report.agent.kept + 1);
    expect(withHook.agent.summaryOnly).toEqual(report.agent.summaryOnly);
    // Kept history alone, no summary: the summary alone holds nothing.
    expect(report.profile.summaryOnly).toEqual({ messages: 0, tokens: 0, needRetention: 0, kept: 0 });
  });
});

describe('a comparison on redacted text', () => {
  const name = 'hand-written/codex-compacted.jsonl';
  const text = readFixture(name);
  const compare = (source: string) => {
    const transcript = importText(source, { fileName: 'rollout.jsonl' }).transcripts[0];
    const cut = cutAtCompaction(transcript, agentCompactions(transcript)[0]);
    return compareWithAgent({ cut, profileContext: cut.before.messages.slice(-4), count });
  };

  it('is not called redacted when the text is there', () => {
    expect(compare(text).redaction).toBeUndefined();
  });

  it('says the text is redacted when messages hold only placeholders, as the real localpush Codex fixture does', () => {
    // The redactor of the real Codex fixture (madshn/localpush) writes `[REDACTED_TEXT len=37 sha=c488308f]` for every
    // free text; here it is applied to the hand-written compacted rollout's messages, arguments and outputs.
    let serial = 0;
    const placeholder = (kind: string, value: string) => `[REDACTED_${kind} len=${value.length} sha=${(++serial).toString(16).padStart(8, '0')}]`;
    const redacted = text
      .split('\n')
      .map((line) => {
        // The fixture holds one truncated line on purpose (a crash mid-write): it stays as it is.
        if (line.trim() === '' || !line.endsWith('}')) return line;
        const record = JSON.parse(line) as { type: string; payload: Record<string, unknown> };
        const payload = record.payload;
        if (record.type === 'response_item' && Array.isArray(payload.content)) {
          payload.content = (payload.content as { text?: string }[]).map((part) => (typeof part.text === 'string' ? { ...part, text: placeholder('TEXT', part.text) } : part));
        }
        if (typeof payload.arguments === 'string') payload.arguments = placeholder('ARGUMENTS', payload.arguments);
        if (typeof payload.output === 'string') payload.output = placeholder('OUTPUT', payload.output);
        return JSON.stringify(record);
      })
      .join('\n');
    const report = compare(redacted);
    // Reasoning summaries are left as written here, so not every message is a placeholder: most are.
    expect(report.redaction?.compactedPart).toEqual({ redacted: 8, of: 10 });
    expect(report.redaction?.after.redacted).toBeGreaterThan((report.redaction?.after.of ?? 0) / 2);
    expect(report.redaction?.note).toMatch(/^The source redacted the text: \d+ of the \d+ messages before the boundary and \d+ of the \d+ after it hold only placeholders/);
  });
});
