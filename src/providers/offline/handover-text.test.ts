import { beforeAll, describe, expect, it } from 'vitest';
import type { TokenCounter } from '../../engine';
import { splitTurnJoin } from '../../engine/profiles/auto-compactor/prompt-assembly';
import type { Message } from '../../engine/transcript';
import { loadTokenCounter } from '../../ports/tokenizer/token-counter';
import { clipItem } from './bounded-items';
import { dartPrompt, fixtureMessages, serializeForTest } from './conversation-prompt.test-support';
import { corpusBeforeCompaction } from './corpus-session.test-support';
import { summarizeOffline } from './offline-summarizer';
import { recordRun } from './profile-requests.test-support';
import { trimMiddle } from './ranked-item';

/** The item lines under the first heading that matches, list markers taken off. */
function itemsUnder(text: string, heading: RegExp): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^#{2,3} /.test(line) && heading.test(line));
  if (start === -1) return [];
  const items: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^#{2,3} |^---$|^\*\*/.test(line)) break;
    if (line.trim() !== '' && line !== '(none)') items.push(line.replace(/^(?:- (?:\[[ x]\] )?|\d+\. )/, ''));
  }
  return items;
}

const summaryOf = (messages: readonly Message[]) =>
  messages.filter((message) => message.origin === 'summary').flatMap((message) => message.blocks.map((block) => (block.kind === 'text' ? block.text : ''))).join('\n');

// What a log says where a handover should speak: a bare command to re-run, an error to resolve, a label and a quote.
const mechanicalStep = /^(?:Re-run `|Resolve: |Continue: |Planned: |Continue the latest request: )/;
const wordChar = /[\p{L}\p{N}_]/u;

let counter: TokenCounter;
beforeAll(async () => {
  counter = await loadTokenCounter('o200k_base');
});

describe('the offline summary reads like a handover (issue 26)', () => {
  it('gives a split-turn summary one next step in plain words, consistent with the turn\'s current work', async () => {
    // A real session whose history ends on the agent's answer (it asks whether to go on) and whose next turn is the
    // user's reply, run by auto-compactor sized like the agent's summary: the cut splits that turn.
    const before = corpusBeforeCompaction('claude-code__entire-20b81bf8-77cd-4205-8ac9-727b573a70e4.jsonl');
    const config = { profile: 'auto-compactor', force: true, keepRecentTokens: 1409, estimator: 'exact' };
    const summary = summaryOf((await recordRun(before, config, counter, 2817)).messages);
    const [history, turn] = summary.split(splitTurnJoin);
    expect(turn).toBeDefined();

    // The history's step does not send the reader back to a request the turn has moved past: its last turn ended
    // on the agent's reply, so it says so, in the agent's own closing words, and hands over to the user's reply.
    const [historyStep] = itemsUnder(history, /Next Steps/);
    expect(historyStep).toMatch(/^The agent had answered the latest request and asked: ".*Want me to do that\?" — go on from the user's reply\.$/);
    for (const line of itemsUnder(history, /In Progress/).filter((item) => item.startsWith('Latest user request'))) expect(line).toContain("the agent's last reply answered it");

    // The turn's next step carries on with the very request its current work names, in words, not as a command.
    const current = itemsUnder(turn, /Current work/);
    const [turnStep] = itemsUnder(turn, /Next step/);
    const request = /^Latest user request: "(.{20})/.exec(current[0] ?? '')?.[1];
    expect(request).toBeDefined();
    expect(turnStep).toContain(`Carry on with the latest request ("${request}`);
    for (const step of [historyStep, turnStep]) expect(step).not.toMatch(mechanicalStep);
  });

  it('lists only the files the session worked with, the ones merely named on a line of their own, never temporary or build output', () => {
    const messages = fixtureMessages();
    const conversation = serializeForTest(messages);
    // The session names a harness's temporary output and a build folder's files in tool output and prose.
    expect(conversation).toContain('/tmp/claude-1000/');
    expect(conversation).toContain('_build/dev/lib/');
    for (const prompt of [dartPrompt(conversation), conversation]) {
      const text = summarizeOffline({ system: '', prompt }, { summaryMaxTokens: 6000 });
      const files = itemsUnder(text, /Files/).concat(itemsUnder(text, /Files read/));
      expect(files.length).toBeGreaterThan(3);
      for (const item of files) {
        expect(item).not.toMatch(/\/tmp\/|(?:^|\/)_build\//);
        expect(item).not.toMatch(/\(named\)$/);
      }
      expect(files.filter((item) => item.startsWith('Named in messages or tool output, never opened: '))).toHaveLength(1);
    }
  });

  it('cuts a long item only between words, with a visible ellipsis', () => {
    // The session's own prose and commands, as items quote them.
    const texts = fixtureMessages().flatMap((message) => message.blocks).flatMap((block) => {
      if (block.kind === 'text') return [block.text];
      return block.kind === 'tool_call' && typeof block.args === 'object' && block.args !== null && 'command' in block.args ? [String(block.args.command)] : [];
    }).map((text) => text.replace(/\s+/g, ' ').trim());
    let cuts = 0;
    for (const text of texts) {
      for (const room of [40, 80, 120, 200]) {
        if (text.length <= room) continue;
        const clipped = clipItem(text, room);
        expect(clipped.length).toBeLessThanOrEqual(room);
        expect(clipped.endsWith('…')).toBe(true);
        const head = clipped.slice(0, -1);
        expect(text.startsWith(head)).toBe(true);
        // The cut never falls between two letters of one word.
        expect(wordChar.test(head.at(-1) ?? ' ') && wordChar.test(text[head.length] ?? ' '), `${room}: ${clipped}`).toBe(false);
        const [start, end] = trimMiddle(text, room).split(' […] ');
        expect(wordChar.test(start.at(-1) ?? ' ') && wordChar.test(text[start.length] ?? ' ')).toBe(false);
        if (end !== undefined) expect(wordChar.test(end[0] ?? ' ') && wordChar.test(text[text.length - end.length - 1] ?? ' ')).toBe(false);
        cuts += 1;
      }
    }
    expect(cuts).toBeGreaterThan(200);
  });

  it('never ends an item of a real summary on a cut word', () => {
    const messages = corpusBeforeCompaction('claude-code__entire-67d765b5-4286-4ec5-b051-950466e186f0.jsonl').messages;
    const conversation = serializeForTest(messages);
    const text = summarizeOffline({ system: '', prompt: dartPrompt(conversation) }, { counter, summaryMaxTokens: 2000 });
    const words = new Set(conversation.match(/[\p{L}\p{N}_]+/gu));
    const cutWords = [...text.matchAll(/([\p{L}\p{N}_]+)…/gu)].map((match) => match[1]);
    expect(text).toContain('…');
    expect(cutWords.filter((word) => !words.has(word))).toEqual([]);
  });

  it('numbers the sections it adds to a numbered layout on from the last one written, with no gap where one was empty', () => {
    const system = ['Summarize the conversation under these sections:', '1. Primary Request — what the user asked.', '2. Current Work — what was happening.', '3. Next Step — what comes next.'].join('\n');
    const messages = fixtureMessages();
    for (const end of [40, 120, messages.length]) {
      const text = summarizeOffline({ system, prompt: serializeForTest(messages.slice(0, end)) });
      const numbers = [...text.matchAll(/^## (\d+)\. /gm)].map((match) => Number(match[1]));
      expect(numbers.length).toBeGreaterThan(3);
      expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    }
  });

  it('says of every file in a single files list how the session touched it, in its short form too', () => {
    const conversation = serializeForTest(fixtureMessages());
    for (const summaryMaxTokens of [1000, 2000, 3000, 6000]) {
      const listed = itemsUnder(summarizeOffline({ system: '', prompt: dartPrompt(conversation) }, { summaryMaxTokens }), /^## Files$/);
      // The session's own files (and its searches), after the lines its earlier compaction summary carried over.
      const files = listed.slice(listed.findIndex((item) => item.startsWith('(paths relative to ')));
      expect(files.length).toBeGreaterThan(2);
      for (const item of files) expect(item).toMatch(/^\(paths relative to |^\S+ (?:— (?:created|edited)|\((?:created|edited|read)\)$)|^(?:searched|looked for files) `|^(?:More named|Named in messages)/);
    }
  });
  it('fills the goal a layout asks for and never takes a skill the harness expanded for the user\'s words', async () => {
    // A real session whose user invoked a skill: Claude Code put the skill's whole text in a user-role message (meta in
    // its log). Auto-compactor's layout asks for a Goal beside the open requests; at half the agent's size it was "(none)".
    const before = corpusBeforeCompaction('claude-code__entire-545b45d4-729e-4d0b-8e6b-45cb65d43f00.jsonl');
    const config = { profile: 'auto-compactor', force: true, keepRecentTokens: 750, estimator: 'exact' };
    const summary = summaryOf((await recordRun(before, config, counter, 1500)).messages);
    expect(itemsUnder(summary, /^## Goal$/)[0]).toMatch(/^Implement the following plan: # Fix `entire clean`/);
    expect(summary).not.toMatch(/Latest user request: "Base directory for this skill/);
    expect(summary).not.toMatch(/^- Base directory for this skill/m);
  });
  it('lists a file git diff names as a/path and b/path once, as its path', async () => {
    // A real session that read many `git diff` outputs: their headers name each file twice, under `a/` and `b/`.
    const before = corpusBeforeCompaction('claude-code__entire-43b2bd6e-ccc5-4d83-bbe5-9cd1cd19cc82.jsonl');
    const config = { profile: 'unified', force: true, keepRecentTokens: 1500 };
    const summary = summaryOf((await recordRun(before, config, counter, 6000)).messages);
    const files = itemsUnder(summary, /^## Files$/).join('\n');
    expect(files).toMatch(/cmd\/entire\/cli\/list\/actions\.go/);
    expect(files).not.toMatch(/(?:^|[\s,:])[ab]\/cmd\//);
  });
  it('takes a bold label opening a list item for no finding by itself', async () => {
    // The same session weighs design options in lists of `**Pros:** …` / `**Cons:** …` items: labels, not findings.
    const before = corpusBeforeCompaction('claude-code__entire-43b2bd6e-ccc5-4d83-bbe5-9cd1cd19cc82.jsonl');
    const config = { profile: 'unified', force: true, keepRecentTokens: 1500 };
    const context = itemsUnder(summaryOf((await recordRun(before, config, counter, 6000)).messages), /^## Critical Context$/);
    expect(context.length).toBeGreaterThan(3);
    expect(context.filter((item) => /^\*\*(?:Pros|Cons):\*\*/.test(item))).toEqual([]);
    // A labelled item that states something checkable (a name in backticks) still is one.
    expect(context.some((item) => /^\*\*[^*]+\*\*:.*`/.test(item))).toBe(true);
  });
});
