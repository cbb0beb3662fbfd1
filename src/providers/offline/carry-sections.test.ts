import { beforeAll, describe, expect, it } from 'vitest';
import type { TokenCounter } from '../../engine';
import type { Message, Transcript } from '../../engine/transcript';
import { loadTokenCounter } from '../../ports/tokenizer/token-counter';
import {
  claudeCodeBeforeCompaction, fixtureTranscript, pinnedLines, realFixtureNames, recordingConfigs, recordRun, type RecordedCall, type RecordedRun,
} from './profile-requests.test-support';

// Every note a profile leaves where it cut text: two-tier's mask, the Dart seed's and the truncate strategy's cuts,
// microcompaction's snips, two-tier's tier headers.
const maskingNotes = /\[\d+ lines, \d+ chars masked\]|more characters truncated\]|characters snipped|\[truncated from \d+ chars\]|\[auto-compacted \d+ older messages|output compacted \.\.\.\]/;
// A plan that names nothing — "Let me wait more.", "Now let me check what's next." — no code, path, name or number.
const planOpening = /^(?:\d+\. |- )(?:\w+: )?(?:now,? |ok,? |okay,? )?(?:let me|let's|i'll|i will|i need to|next,? i)\b/i;
const namesSomething = /`|\/|\d|"|\b[a-z]+_[a-z_]+\b|\b[a-z]+[A-Z]\w*|\b[A-Z][a-z]+[A-Z]\w*|\b[A-Z]{2,}\b|\.[a-z]{1,5}\b/;
const isFillerPlan = (item: string) => planOpening.test(item) && !namesSomething.test(item.replace(planOpening, ''));
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
const textOf = (message: Message) => message.blocks.map((block) => (block.kind === 'text' ? block.text : '')).join('\n');

/** The summary's sections: heading line → its item lines. */
function sections(summary: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of summary.split('\n')) {
    if (/^#{2,3} /.test(line)) found.set(line, (current = []));
    else if (current && line.trim() !== '') current.push(line);
  }
  return found;
}

/** Items of the sections whose heading matches. */
function itemsUnder(summary: string, heading: RegExp): string[] {
  return [...sections(summary)].filter(([title]) => heading.test(title)).flatMap(([, items]) => items);
}

/** True when `path` stands in `text` whole: not glued to more path characters on either side. */
function isWholeIn(text: string, path: string): boolean {
  for (let at = text.indexOf(path); at !== -1; at = text.indexOf(path, at + 1)) {
    const before = text[at - 1] ?? ' ';
    const after = text.slice(at + path.length, at + path.length + 2);
    if (/[\w.@+-]/.test(before)) continue;
    if (/^[\w/@+-]/.test(after) || /^\.\w/.test(after)) continue;
    return true;
  }
  return false;
}

const fileShaped = /^[\w.@+~/-]+$/;

const humansOf = (transcript: Transcript) => transcript.messages.filter((message) => message.role === 'user' && message.origin === 'human').map(textOf);

interface Case {
  fixture: string;
  config: string;
  budget?: number;
  transcript: Transcript;
  run: RecordedRun;
}

let counter: TokenCounter;
const cases: Case[] = [];

beforeAll(async () => {
  counter = await loadTokenCounter('o200k_base');
  const transcripts: Array<[string, Transcript]> = [
    ['claude-code cut at its own compaction', claudeCodeBeforeCompaction()],
    ...realFixtureNames().map((name): [string, Transcript] => [name, fixtureTranscript(name)]),
  ];
  for (const [fixture, transcript] of transcripts) {
    for (const [config, settings] of Object.entries(recordingConfigs)) {
      for (const budget of [undefined, 1200]) cases.push({ fixture, config, budget, transcript, run: await recordRun(transcript, settings, counter, budget) });
    }
  }
}, 120_000);

const everyCall = (check: (call: RecordedCall, item: Case) => void) => {
  let calls = 0;
  for (const item of cases) {
    for (const call of item.run.calls) {
      calls += 1;
      check(call, item);
    }
  }
  return calls;
};

describe('the offline summary on real fixtures, as each profile asks for it', () => {
  it('stays within its token budget (pinned text aside)', () => {
    const calls = everyCall(({ summary }, { budget, fixture, config }) => {
      const withoutPins = summary.split('\n').filter((line) => !pinnedLines.some((pin) => line.includes(pin)) && !line.startsWith('PINNED OPERATIVE LINES')).join('\n');
      expect(counter.count(withoutPins), `${config} on ${fixture}`).toBeLessThanOrEqual(budget ?? 3000);
    });
    expect(calls).toBeGreaterThan(40);
  });

  it('quotes no masking note in any section, though two-tier and unified hand it masked messages', () => {
    const maskedRequests = cases.flatMap((item) => item.run.calls).filter((call) => /chars masked\]/.test(call.request.prompt));
    expect(maskedRequests.length, 'some requests carry two-tier\'s masked messages').toBeGreaterThan(3);
    everyCall(({ summary }, { fixture, config }) => expect(summary, `${config} on ${fixture}`).not.toMatch(maskingNotes));
  });

  it('puts no raw tool-call JSON under a heading', () => {
    everyCall(({ summary }, { fixture, config }) => {
      for (const items of sections(summary).values()) {
        for (const item of items) expect(item, `${config} on ${fixture}`).not.toMatch(/^(?:[-*] |\d+\. )?(?:\[[ x]\] )?(?:[A-Za-z_][\w.-]* \{"|\{"(?:name|tool|type|id)"|[A-Za-z_][\w.-]*\([\w_]+=")/);
      }
    });
  });

  it('finds the files and commands of masked messages: two-tier\'s LLM input never reads as "(none)" throughout', () => {
    const masked = cases.filter((item) => item.config === 'two-tier masked then llm' && item.fixture.startsWith('claude-code cut'));
    const summaries = masked.flatMap((item) => item.run.calls.filter((call) => /chars masked\]/.test(call.request.prompt)).map((call) => call.summary));
    expect(summaries.length).toBeGreaterThan(0);
    for (const summary of summaries) {
      expect(itemsUnder(summary, /Files (?:changed|created)/).filter((item) => item !== '(none)').length).toBeGreaterThan(0);
      expect(itemsUnder(summary, /Commands run/).filter((item) => item !== '(none)').length).toBeGreaterThan(0);
    }
  });

  it('lists every path whole, as the request has it (never cut mid-path)', () => {
    let paths = 0;
    everyCall(({ request, summary }, { fixture, config }) => {
      const source = `${request.system}\n${request.prompt}`;
      for (const item of itemsUnder(summary, /file/i)) {
        // The file an item lists is its head, before what its edits did (` — …`) or how it was seen (` (read)`).
        const path = item.replace(/^- /, '').split(/ — | \(/)[0];
        if (!fileShaped.test(path)) continue;
        paths += 1;
        expect(isWholeIn(source, path), `${config} on ${fixture}: ${path}`).toBe(true);
      }
    });
    expect(paths).toBeGreaterThan(200);
  });

  it('carries every human message the request holds, the latest verbatim, the long ones trimmed in the middle', () => {
    let checked = 0;
    everyCall(({ request, summary }, { transcript, fixture, config }) => {
      const prompt = flat(request.prompt);
      const written = flat(summary);
      // A human message the request holds as a message: behind its role label; in ADK's text, which has none, opening
      // a turn (a block after a blank line) — a user message joined inside a turn cannot be told from the answer.
      const labels = config === 'rolling-summary' ? ['\n\n', 'SUMMARISE:\n'] : ['[User]: ', 'USER: ', '[user] '];
      const asMessage = (text: string) => labels.some((label) => request.prompt.includes(`${label}${text.split('\n')[0]}`));
      // (There a message opening with a tag cannot be told from harness text either.)
      const isReadable = (text: string) => config !== 'rolling-summary' || !text.startsWith('<');
      const held = humansOf(transcript).filter((text) => text.trim().length > 0 && isReadable(text.trim()) && asMessage(text.trim()) && prompt.includes(flat(text)));
      // In ADK's text a paragraph of the answer can read like a user's message and crowd the list: there the task as
      // given (the first message) is what must stay.
      const humans = config === 'rolling-summary' ? held.slice(0, 1) : held;
      // ADK's text has no role labels either: there a long message's first line is what is sure to read as the user's.
      const isLabelled = config !== 'rolling-summary';
      humans.forEach((message, index) => {
        checked += 1;
        const text = isLabelled ? message : message.split(/\n/)[0];
        const where = `${config} on ${fixture}: "${text.slice(0, 60)}"`;
        // A long one may be trimmed in the middle (the budget decides how far), never dropped: its head and its tail stay.
        const whole = flat(text);
        if (whole.length <= 1500) expect(written, where).toContain(whole);
        else expect(written.includes(whole.slice(0, 60)) && written.includes(whole.slice(-40)), where).toBe(true);
        // The latest is whole among the messages, and the current work opens with the user's own words.
        if (isLabelled && index === humans.length - 1) expect(written, `latest: ${where}`).toContain(`Latest user request: "${whole.slice(0, 60)}`);
      });
    });
    expect(checked).toBeGreaterThan(40);
  });

  it('never takes the next step from a filler sentence', () => {
    let steps = 0;
    everyCall(({ summary }, { fixture, config }) => {
      for (const item of itemsUnder(summary, /next/i)) {
        steps += 1;
        expect(isFillerPlan(item), `${config} on ${fixture}: ${item}`).toBe(false);
      }
    });
    expect(steps).toBeGreaterThan(20);
  });

  it('copies the pinned lines of a pinning profile exactly once in every summary', () => {
    const pinning = cases.filter((item) => item.config === 'auto-compactor' || item.config === 'unified');
    for (const item of pinning) {
      for (const { request, summary } of item.run.calls) {
        if (!request.prompt.includes(pinnedLines[0])) continue;
        for (const pin of pinnedLines) expect(summary.split(pin).length - 1, `${item.config} on ${item.fixture}`).toBe(1);
      }
    }
  });
});
