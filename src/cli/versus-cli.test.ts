import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { factCategories } from '../engine';
import { fixturesDirectory } from '../engine/formats/fixture-files.test-support';
import { parseArguments, UsageError } from './arguments';
import { checkCommandLine } from './command-grammar';
import { cli } from './cli.test-support';
import { versusCommand } from './versus-command';

const session = path.join(fixturesDirectory, 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl');
const toolHeavy = path.join(fixturesDirectory, 'claude-code__tool_heavy.jsonl');
const folder = mkdtempSync(path.join(tmpdir(), 'compaction-lab-versus-'));

/** Runs `versus` in-process (a child process would pay tsx's start-up on every call), held to its grammar first. */
async function versus(...args: string[]) {
  const line = parseArguments(['versus', ...args]);
  checkCommandLine(line);
  return versusCommand(line);
}

/** The usage error a command line ends in, as `code: message`, or undefined when it ran. */
async function refusal(...args: string[]): Promise<string | undefined> {
  try {
    await versus(...args);
    return undefined;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return `${error.exitCode}: ${error.message}`;
  }
}

const sideShape = {
  tokens: expect.any(Number),
  tokensTimesAgent: expect.any(Number),
  needRetention: expect.any(Number),
  needed: expect.any(Number),
  kept: expect.any(Number),
  nothingNeeded: false,
  byCategory: expect.any(Object),
  nextActions: { actions: expect.any(Array), found: expect.any(Number), total: 5 },
  lost: expect.any(Array),
  holds: { summary: expect.any(Number), kept: expect.any(Number), added: expect.any(Number) },
  keptFrom: { summary: expect.any(Number), kept: expect.any(Number), added: expect.any(Number), system: expect.any(Number) },
  keptOnlyByAdded: expect.any(Array),
  summaryOnly: { messages: expect.any(Number), tokens: expect.any(Number), needRetention: expect.any(Number), kept: expect.any(Number) },
};

describe('compaction-lab versus', () => {
  it('prints the issue’s JSON: boundary, both sides, basis, run and the transcript’s compactions', async () => {
    const output = await versus(session, '--profile', 'rolling-summary', '--json');
    expect(output.exitCode).toBe(0);
    const json = JSON.parse(output.stdout ?? '');
    expect(Object.keys(json)).toEqual(['boundary', 'agent', 'profile', 'basis', 'run', 'compactions', 'redaction', 'addedNote']);
    expect(json.redaction).toBeNull();
    expect(json.boundary).toEqual({ index: 1, atMessage: 288, agentSummaryTokens: expect.any(Number), isReadable: true });
    expect(json.boundary.agentSummaryTokens).toBeGreaterThan(1000);
    expect(json.agent).toMatchObject(sideShape);
    expect(json.profile).toMatchObject(sideShape);
    expect(Object.keys(json.profile.byCategory)).toEqual([...factCategories]);
    expect(json.profile.needed).toBe(json.agent.needed);
    expect(json.profile.needRetention).toBeCloseTo(json.profile.kept / json.profile.needed);
    expect(json.basis).toEqual({ encoding: 'o200k_base', isEstimate: false, description: expect.stringMatching(/^exact o200k_base tokens/), forcedGate: null, note: expect.stringMatching(/its own gate fired/), sizing: 'as-configured', sizedSettings: null });
    expect(json.run).toEqual({ profile: 'rolling-summary', success: true, passes: 1, summarizerCalls: expect.any(Number), compacted: true, flags: [], summarizer: 'offline-extractive' });
    expect(json.compactions).toEqual([{ ordinal: 1, atMessage: 288, kind: 'compact_boundary', trigger: 'auto', isReadable: true }]);
    // Each lost fact says where the agent used it: message numbers after the boundary, as the app numbers messages.
    const lost = json.profile.lost[0];
    expect(lost).toEqual({ category: expect.any(String), text: expect.any(String), sourceMessageId: expect.any(String), usedAt: expect.any(Array), usedAtMessages: expect.any(Array) });
    expect(lost.usedAtMessages).toHaveLength(lost.usedAt.length);
    expect(Math.min(...lost.usedAtMessages)).toBeGreaterThan(289);
  });

  it('carries the profile run’s outcome flags: a run that kept everything replaced nothing, said in run.flags and the text (issue 25)', async () => {
    // keepRecentTokens over the whole context: the cut keeps every message and the summary is written beside them.
    const args = [session, '--profile', 'auto-compactor', '--set', 'keepRecentTokens=10000000', '--set', 'force=true', '--run-anyway'];
    const json = JSON.parse((await versus(...args, '--json')).stdout ?? '');
    expect(json.run.success).toBe(true);
    expect(json.run.flags).toContainEqual({ kind: 'replaced-nothing', message: expect.stringMatching(/^The run reported success but replaced nothing/) });
    const text = (await versus(...args)).stdout ?? '';
    expect(text).toMatch(/^outcome of the profile's run: replaced nothing: the history is as it was — The run reported success but replaced nothing/m);
    // A plain run has no flags and no such line.
    const plain = JSON.parse((await versus(session, '--profile', 'auto-compactor', '--json')).stdout ?? '');
    expect(plain.run.flags).toEqual([]);
  }, 60_000);

  it('gives each side’s tokens as a multiple of the agent’s summary, and --size-like-agent sizes the profile like it', async () => {
    const configured = JSON.parse((await versus(session, '--profile', 'auto-compactor', '--json')).stdout ?? '');
    const summary = configured.boundary.agentSummaryTokens;
    expect(configured.profile.tokensTimesAgent).toBe(Math.round((configured.profile.tokens / summary) * 100) / 100);
    expect(configured.agent.tokensTimesAgent).toBe(Math.round((configured.agent.tokens / summary) * 100) / 100);
    expect(configured.profile.tokensTimesAgent).toBeGreaterThan(5);
    const sized = JSON.parse((await versus(session, '--profile', 'auto-compactor', '--size-like-agent', '--json')).stdout ?? '');
    const settings = { force: true, keepRecentTokens: expect.any(Number), oversizedTail: 'summarize-oversized', 'offlineSummary.summaryMaxTokens': expect.any(Number) };
    expect(sized.basis).toMatchObject({ sizing: 'like-agent', sizedSettings: settings, forcedGate: null });
    expect(sized.profile.tokensTimesAgent).toBe(Math.round((sized.profile.tokens / summary) * 100) / 100);
    // The note says the multiple reached, which lands near the agent's summary.
    expect(sized.basis.note).toMatch(new RegExp(`^Sized like the agent's summary \\([\\d,]+ tokens\\) in \\d tr(y|ies): force: true, keepRecentTokens: \\d+, oversizedTail: summarize-oversized, offlineSummary\\.summaryMaxTokens: \\d+ set over the config; the profile's context reached ${sized.profile.tokensTimesAgent.toFixed(2).replace('.', '\\.')}× the agent's summary\\. `));
    expect(sized.profile.tokensTimesAgent).toBeGreaterThan(0.8);
    expect(sized.profile.tokensTimesAgent).toBeLessThan(1.25);
    expect(Object.keys(sized)).toEqual(['boundary', 'agent', 'profile', 'basis', 'run', 'compactions', 'redaction', 'addedNote']);
    expect(Object.keys(sized.run)).toEqual(Object.keys(configured.run));
    const table = (await versus(session, '--profile', 'auto-compactor', '--size-like-agent')).stdout ?? '';
    expect(table).toMatch(new RegExp(`^× the agent's summary\\s+${configured.agent.tokensTimesAgent.toFixed(2)}×\\s+${sized.profile.tokensTimesAgent.toFixed(2)}×$`, 'm'));
    expect(table).toMatch(/^profile: auto-compactor \(summarizer: offline-extractive\); Sized like the agent's summary /m);
  });

  it('says in basis when the profile’s gate was forced', async () => {
    const json = JSON.parse((await versus(session, '--profile', 'auto-compactor', '--window', '10000000', '--json')).stdout ?? '');
    expect(json.basis.forcedGate).toBe('force: true');
    expect(json.basis.note).toMatch(/so it ran again with force: true/);
  });

  it('prints both sides side by side by default, with next actions and the lost facts and where the agent used them', async () => {
    const output = await versus(session, '--profile', 'rolling-summary', '--encoding', 'cl100k_base');
    const table = output.stdout ?? '';
    expect(table).toMatch(/^against the agent's own compaction: compaction 1 of 1 \(compact_boundary, auto\), before message 289$/m);
    expect(table).toMatch(/^basis: exact cl100k_base tokens/m);
    expect(table).toMatch(/^\s+agent's context\s+rolling-summary$/m);
    expect(table).toMatch(/^tokens\s+[\d,]+\s+[\d,]+$/m);
    expect(table).toMatch(/^× the agent's summary\s+\d+\.\d\d×\s+\d+\.\d\d×$/m);
    expect(table).toMatch(/^need-weighted retention\s+\d+\.\d% \(\d+ of \d+\)\s+\d+\.\d% \(\d+ of \d+\)$/m);
    expect(table).toMatch(/^ {2}path\s+\d+ of \d+\s+\d+ of \d+$/m);
    expect(table).toMatch(/^next actions found\s+\d of 5\s+\d of 5$/m);
    expect(table).toMatch(/^ {2}\w+\s+\S.*\s+agent (found|missing)\s+profile (found|missing)$/m);
    expect(table).toMatch(/^the agent's context lost \d+ of the \d+ needed facts:$/m);
    expect(table).toMatch(/^rolling-summary lost \d+ of the \d+ needed facts:$/m);
    expect(table).toMatch(/^ {2}\w+\s+.+ \(used at messages? \d{3}/m);
  });

  it('says the text is redacted instead of measuring placeholders, in the table and the JSON', async () => {
    // The hand-written compacted Codex rollout with every message and output replaced by the placeholders the real
    // localpush Codex fixture carries (`[REDACTED_TEXT len=37 sha=c488308f]`). The tool calls' arguments stay readable,
    // so a needed command and a next action are still found in them: the table must not count them as a measure.
    const source = readFileSync(path.join(fixturesDirectory, 'hand-written', 'codex-compacted.jsonl'), 'utf8');
    const redact = (value: unknown) => (typeof value === 'string' ? `[REDACTED_TEXT len=${value.length} sha=0000abcd]` : value);
    const lines = source.split('\n').map((line) => {
      if (!line.endsWith('}')) return line;
      const record = JSON.parse(line) as { payload: Record<string, unknown> };
      const { payload } = record;
      if (Array.isArray(payload.content)) payload.content = (payload.content as { text?: string }[]).map((part) => ({ ...part, text: redact(part.text) }));
      for (const key of ['output']) if (key in payload) payload[key] = redact(payload[key]);
      return JSON.stringify(record);
    });
    const file = path.join(folder, 'redacted-rollout.jsonl');
    writeFileSync(file, lines.join('\n'));
    const json = JSON.parse((await versus(file, '--profile', 'rolling-summary', '--json')).stdout ?? '');
    expect(json.redaction?.note).toMatch(/^The source redacted the text: /);
    const table = (await versus(file, '--profile', 'rolling-summary')).stdout ?? '';
    expect(table).toMatch(/^redacted: The source redacted the text: .* so retention and next actions cannot be measured/m);
    expect(table).toMatch(/^need-weighted retention\s+cannot be measured \(text redacted\)\s+cannot be measured \(text redacted\)$/m);
    expect(table).toMatch(/^next actions found\s+cannot be measured \(text redacted\)\s+cannot be measured \(text redacted\)$/m);
    expect(table).not.toMatch(/nothing needed|lost none/);
    // As on the page: no per-category counts and no next action marked found or missing, which would measure placeholders.
    expect(table).not.toMatch(/^ {2}\w+\s+\d+ of \d+\s+\d+ of \d+$/m);
    expect(table).not.toMatch(/next actions \(its first tool calls|agent (found|missing)/);
  });

  it('says which messages each side holds: after a manual /compact, the summary and the messages Claude Code added beside it', async () => {
    // A real session (entireio/cli) whose one compaction is a manual /compact: five local-command messages follow the summary.
    const manual = path.join(fixturesDirectory, '..', 'compactions', 'claude-code__entire-67d765b5-4286-4ec5-b051-950466e186f0.jsonl');
    const json = JSON.parse((await versus(manual, '--profile', 'rolling-summary', '--json')).stdout ?? '');
    expect(json.agent.holds).toEqual({ summary: 1, kept: 0, added: 5 });
    expect(json.agent.keptFrom.summary + json.agent.keptFrom.added + json.agent.keptFrom.system).toBe(json.agent.kept);
    const table = (await versus(manual, '--profile', 'rolling-summary')).stdout ?? '';
    expect(table).toMatch(/^holds \(messages\)\s+1 summary \+ 5 added\s+\d+ summary(?: \+ \d+ kept)?$/m);
    expect(table).toMatch(/^ {2}kept facts found in\s+\d+ summary/m);
  });

  it('says in a sentence which side holds messages added beside its summary, and the needed facts only they hold', async () => {
    const manual = path.join(fixturesDirectory, '..', 'compactions', 'claude-code__entire-67d765b5-4286-4ec5-b051-950466e186f0.jsonl');
    const json = JSON.parse((await versus(manual, '--profile', 'rolling-summary', '--json')).stdout ?? '');
    const only = json.agent.keptOnlyByAdded.length;
    const facts = only === 0 ? 'no needed fact is held only there' : `${only} needed facts? (is|are) held only there \\(without them it keeps ${json.agent.kept - only} of ${json.agent.needed}\\)`;
    const statement = new RegExp(`^Only the agent's context holds added messages: 5 messages the agent's harness put after its summary \\(hook output, local-command output, re-attached files\\), which the profile's run never sees; ${facts}\\.$`);
    expect(json.addedNote).toMatch(statement);
    const table = (await versus(manual, '--profile', 'rolling-summary')).stdout ?? '';
    expect(table).toContain(`\nadded: ${json.addedNote}\n`);
    // A session whose compaction added nothing says so too.
    const plain = JSON.parse((await versus(session, '--profile', 'rolling-summary', '--json')).stdout ?? '');
    expect(plain.addedNote).toBe('Neither context holds messages added beside its summary (hook output, re-attached files): each is measured on its summary and the history it kept.');
  });

  it('scores each side’s summary alone beside its whole context, in the JSON and the table', async () => {
    const manual = path.join(fixturesDirectory, '..', 'compactions', 'claude-code__entire-67d765b5-4286-4ec5-b051-950466e186f0.jsonl');
    const json = JSON.parse((await versus(manual, '--profile', 'rolling-summary', '--json')).stdout ?? '');
    // The agent's summary alone holds what its summary held first; the added messages are left out.
    expect(json.agent.summaryOnly).toEqual({ messages: 1, tokens: json.boundary.agentSummaryTokens, needRetention: json.agent.keptFrom.summary / json.agent.needed, kept: json.agent.keptFrom.summary });
    expect(json.agent.summaryOnly.tokens).toBeLessThan(json.agent.tokens);
    const table = (await versus(manual, '--profile', 'rolling-summary')).stdout ?? '';
    const cell = (side: { summaryOnly: { needRetention: number; kept: number; tokens: number } }) =>
      `${(side.summaryOnly.needRetention * 100).toFixed(1)}% \\(${side.summaryOnly.kept} of ${json.agent.needed}\\), ${side.summaryOnly.tokens.toLocaleString('en-US')} tokens`;
    expect(table).toMatch(new RegExp(`^ {2}the summary alone\\s+${cell(json.agent)}\\s+${cell(json.profile)}$`, 'm'));
  });

  it('refuses a transcript with no compaction by the agent as input: exit 2, naming the file', async () => {
    expect(await refusal(toolHeavy, '--json')).toMatch(/^2: .*claude-code__tool_heavy\.jsonl: this transcript holds no compaction by the agent: /);
  });

  it('refuses a compaction the transcript does not hold, naming the file and --boundary', async () => {
    expect(await refusal(session, '--boundary', '2')).toBe(`2: ${session}: --boundary 2: there is no compaction 2: this transcript holds only compaction 1 by the agent`);
    expect(await refusal(session, '--boundary', '0')).toBe('2: --boundary needs a compaction\'s number, a whole number from 1, not "0"');
    expect(await refusal(session, '--boundary', '1e3')).toBe('2: --boundary needs a compaction\'s number, a whole number from 1, not "1e3"');
    expect(await refusal(session, '--out', 'x.json')).toMatch(/^2: versus does not take --out/);
    expect(await refusal(session, '--size-like-agent=yes')).toBe('2: --size-like-agent takes no value');
  });

  it('exits 1 when the profile’s run fails, with one line naming the config', async () => {
    const config = path.join(folder, 'callbacks.json');
    writeFileSync(config, JSON.stringify({ profile: 'two-tier', tokenThreshold: 1000, compactStrategy: 'custom', customCompactor: 'messages => ({ summary: "s" })' }));
    const output = await versus(session, '--config', config, '--json');
    expect(output).toEqual({ stderr: expect.stringMatching(/callbacks\.json: .*customCompactor.* Nothing ran; pass --allow-callbacks to run them\.$/), exitCode: 1 });
  });
});

describe('compaction-lab versus through the real binary', () => {
  it('exits 2 with one line on stderr and nothing on stdout for a transcript with no compaction', async () => {
    const outcome = await cli('versus', toolHeavy, '--json');
    expect(outcome.code).toBe(2);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^compaction-lab: .*claude-code__tool_heavy\.jsonl: this transcript holds no compaction by the agent: /)]);
  });

  it('lists versus in --help', async () => {
    const outcome = await cli('--help');
    expect(outcome.stdout).toMatch(/^ {2}compaction-lab versus <transcript> \[--profile P\]/m);
    expect(outcome.stdout).toMatch(/^ +\[--size-like-agent\] \[--json\]/m);
    expect(outcome.stdout).toMatch(/^ +--size-like-agent sets the profile's own bounds/m);
    expect(outcome.stdout).toMatch(/^versus compares a profile with the agent's own compaction/m);
    // Help and README list the same JSON and exit codes (issue 25 review).
    const help = outcome.stdout.replace(/\s+/g, ' ');
    expect(help).toContain('lost, holds, keptFrom, keptOnlyByAdded, summaryOnly}, basis, run, compactions, redaction, addedNote}');
    expect(help).toContain('compact: also a success over the window (over-window) or that replaced no message (replaced-nothing), or one whose callbacks spent their --callback-budget and fell back');
    expect(help).toContain('replay: its compactions refused for callbacks, or stopped by the --callback-budget spent');
    expect(help).toContain("eval: some replay or compaction that failed, one its callbacks' budget stopped included, or an --assert that failed on some cell");
  });
});
