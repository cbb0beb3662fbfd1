import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalJson, inheritingWindow, shareEnvelopeOf } from '../engine/config';
import { envelopeFileText, pageEnvelope } from '../features/share/share-building';
import { fixturesDirectory } from '../engine/formats/fixture-files.test-support';
import { abCommand } from './ab-command';
import { parseArguments, UsageError } from './arguments';
import { cli } from './cli.test-support';
import { checkCommandLine } from './command-grammar';
import type { CommandOutput } from './command-output';
import { compactCommand } from './compact-command';
import { configCommand } from './config-command';
import { evalCommand } from './eval-command';
import { replayCommand } from './replay-command';
import { versusCommand } from './versus-command';

// Issue 24: every command reads the config document the same way — the envelope `config defaults` prints, the page's
// Copy config JSON and a bare config alike — and refuses a prompt override it cannot send, naming it and its slot.

const toolHeavy = path.join(fixturesDirectory, 'claude-code__tool_heavy.jsonl');
const withCompactions = path.join(import.meta.dirname, '..', 'engine', 'versus', 'fixtures', 'codex-two-compactions.jsonl');
const folder = mkdtempSync(path.join(tmpdir(), 'compaction-lab-document-'));
const file = (name: string, text: string): string => {
  const written = path.join(folder, name);
  writeFileSync(written, text);
  return written;
};

const commands: Record<string, (line: ReturnType<typeof parseArguments>) => Promise<CommandOutput>> = {
  compact: compactCommand,
  replay: replayCommand,
  versus: versusCommand,
  eval: evalCommand,
  ab: abCommand,
  config: configCommand,
};

/** Runs a command in-process as `main.ts` does (a child process would pay tsx's start-up on every call): a usage error is its exit code and one line. */
async function run(...args: string[]): Promise<{ exitCode: number; stdout?: string; stderr?: string }> {
  try {
    const line = parseArguments(args);
    checkCommandLine(line);
    return await commands[line.command ?? ''](line);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return { exitCode: error.exitCode, stderr: error.message };
  }
}

/** The envelope `compaction-lab config defaults` prints. */
async function defaultsEnvelope(): Promise<string> {
  const output = await run('config', 'defaults', '--profile', 'auto-compactor');
  expect(output.exitCode).toBe(0);
  return output.stdout ?? '';
}

/**
 * What the page's Copy config JSON writes, built by the page's own code: the panel's document as it runs (the page's
 * window written in, since it sets none: `useCurrentConfig`), in the envelope `share-building.ts` makes.
 */
const pageCopy = envelopeFileText(pageEnvelope(inheritingWindow({ schemaVersion: 1, profile: 'auto-compactor', keepRecentTokens: 3000, prompts: { customInstructions: 'Keep every file path.' } }, 60_000)));
const bare = JSON.stringify({ profile: 'auto-compactor', window: 60_000 });
const typo = { profile: 'auto-compactor', window: 60_000, prompts: { summary: 'Summarize {{conversaton}} please' } };

/** Each command, the transcript it reads and how it takes a config file. */
const runs: [string, (config: string) => string[]][] = [
  ['compact', (config) => ['compact', toolHeavy, '--config', config, '--json']],
  ['replay', (config) => ['replay', toolHeavy, '--config', config, '--json']],
  ['versus', (config) => ['versus', withCompactions, '--config', config, '--json']],
  ['eval', (config) => ['eval', toolHeavy, '--config', config, '--json', '--jobs', '1']],
  ['ab', (config) => ['ab', toolHeavy, '--a', config, '--b', config, '--json']],
];

describe('every command reads the config the app exports', () => {
  it.each(runs)('%s takes the envelope of `config defaults`, the page’s Copy config JSON and a bare config', async (_name, args) => {
    const files = [file('defaults.json', await defaultsEnvelope()), file('page.json', pageCopy), file('bare.json', bare)];
    for (const config of files) {
      const output = await run(...args(config));
      expect({ config: path.basename(config), exitCode: output.exitCode, stderr: output.stderr }).toEqual({ config: path.basename(config), exitCode: 0, stderr: undefined });
      expect(() => JSON.parse(output.stdout ?? '')).not.toThrow();
    }
  }, 120_000);

  it('reads the page’s envelope with its prompt override put back, as the page ran it', async () => {
    const output = await run('compact', toolHeavy, '--config', file('page-prompt.json', pageCopy), '--json');
    expect(JSON.parse(output.stdout ?? '')).toMatchObject({ profile: 'auto-compactor' });
    const validated = await run('config', 'validate', file('page-validate.json', pageCopy));
    expect(validated).toMatchObject({ exitCode: 0, stdout: 'valid: auto-compactor' });
  });
});

describe('every command refuses a prompt it cannot send', () => {
  const bareTypo = () => file('typo.json', JSON.stringify(typo));
  const envelopeTypo = () => file('typo-envelope.json', canonicalJson(shareEnvelopeOf(typo, { createdWith: 'compaction-lab (web)' })));

  it.each(runs)('%s: nothing runs (exit 2), one line naming the file, the slot and the variable', async (_name, args) => {
    for (const config of [bareTypo(), envelopeTypo()]) {
      const output = await run(...args(config));
      expect(output.exitCode).toBe(2);
      expect(output.stdout).toBeUndefined();
      expect(output.stderr).toContain(config);
      expect(output.stderr).toMatch(/First summary \(compaction\/summary\) \(prompts\.summary\) uses \{\{conversaton\}\}, which it does not fill/);
      expect(output.stderr).not.toContain('\n');
    }
  }, 60_000);

  it('config validate calls it invalid at its path', async () => {
    const output = await run('config', 'validate', envelopeTypo());
    expect(output.exitCode).toBe(1);
    expect(output.stderr).toMatch(/prompts\.summary: .*\{\{conversaton\}\}/);
  });

  it('holds through the real binary too', async () => {
    const result = await cli('compact', toolHeavy, '--config', bareTypo());
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^compaction-lab: .*typo\.json: invalid prompt, so nothing ran: .*\{\{conversaton\}\}/);
  });
});

describe('replay retention with the config’s pinned lines', () => {
  it('counts the pinned line in every compaction’s retention (the replay once measured without it)', async () => {
    const pinned = file('pinned.json', JSON.stringify({ profile: 'auto-compactor', window: 60_000, force: true, operativeSkills: [{ name: 'rules', operative: ['Always run the tests before pushing'], isRead: true }] }));
    const output = await run('replay', toolHeavy, '--config', pinned, '--json');
    const json = JSON.parse(output.stdout ?? '');
    expect(json.compactions.length).toBeGreaterThan(0);
    for (const compaction of json.compactions) expect(compaction.retention.pinned).toEqual({ total: 1, kept: 1 });
  });
});
