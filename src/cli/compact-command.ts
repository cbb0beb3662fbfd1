import { readFile, writeFile } from 'node:fs/promises';
import { parseLabConfig, type LabConfig } from '../engine/config/lab-config';
import { exportOpenAiChat } from '../engine/formats/export-openai-chat';
import { profileEntries } from '../engine/profiles/registry';
import type { RunResult } from '../engine/run/events';
import { offlineSummarizerModel } from '../providers/offline/offline-summarizer';
import { runCompaction } from '../worker/run-compaction';
import { UsageError, type CommandLine } from './arguments';
import { formatCompactTable } from './compact-table';
import { pinnedLineSurvival } from './pinned-lines';
import { readTranscriptFile, selectRun } from './read-transcript';

/** The JSON `compact --json` prints. Field names are a public contract: add fields, never rename. */
export interface CompactOutput {
  profile: string;
  success: boolean;
  cancelled: boolean;
  tokensBefore: number;
  tokensAfter: number;
  passes: { pass: number; tokensBefore: number; tokensAfter: number; strategy: string; attempts: number; fallback?: string; ok: boolean; durationMs: number; flags: string[]; lint: RunResult['passes'][number]['lint'] }[];
  summarizerCalls: number;
  summarizer: string;
  pinnedLines: { total: number; survived: number };
  error?: RunResult['error'];
}

async function readConfig(line: CommandLine): Promise<LabConfig> {
  const file = line.options.get('config');
  let document: Record<string, unknown> = {};
  if (typeof file === 'string') {
    try {
      document = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    } catch (error) {
      throw new UsageError(`${file}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, 1);
    }
  }
  const profile = line.options.get('profile');
  if (typeof profile === 'string') document = { ...document, profile };
  const overrides = line.sets;
  const window = line.options.get('window');
  if (window === true) throw new UsageError('--window needs a number of tokens');
  if (typeof window === 'string') {
    const profileId = String(document.profile ?? 'auto-compactor');
    if (!(profileId in profileEntries)) throw new UsageError(`unknown profile "${profileId.slice(0, 40)}"; use one of ${Object.keys(profileEntries).join(', ')}`);
    const entry = profileEntries[profileId as keyof typeof profileEntries];
    if (!entry.windowField) throw new UsageError(`--window does not apply to the ${profileId} profile`);
    overrides.push(`${entry.windowField}=${window}`);
  }
  const parsed = parseLabConfig(document, overrides);
  if ('issues' in parsed) throw new UsageError(`invalid config: ${parsed.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`);
  return parsed.config;
}

/** `compaction-lab compact <transcript> [--config f] [--profile p] [--window N] [--set path=value]… [--out f] [--json]`. */
export async function compactCommand(line: CommandLine): Promise<string> {
  const file = line.operands[0];
  if (!file) throw new UsageError('compact needs a transcript: compaction-lab compact <transcript> [--profile auto-compactor|rolling-summary|two-tier|unified]');
  const config = await readConfig(line);
  const imported = await readTranscriptFile(file);
  const transcript = imported.transcripts[selectRun(line.options.get('run'), imported.transcripts.length)];
  const result = await runCompaction(transcript, { config: { schemaVersion: config.schemaVersion, profile: config.profile, ...config.parameters }, allowCallbacks: line.options.has('allow-callbacks') }, () => {});
  const out = line.options.get('out');
  if (typeof out === 'string') {
    await writeFile(out, `${JSON.stringify(exportOpenAiChat({ ...transcript, messages: result.messages }), null, 2)}\n`);
  }
  const output: CompactOutput = {
    profile: config.profile,
    success: result.success,
    cancelled: result.cancelled,
    tokensBefore: result.tokensBefore,
    tokensAfter: result.tokensAfter,
    passes: result.passes.map((pass) => ({ pass: pass.pass, tokensBefore: pass.tokensBefore, tokensAfter: pass.tokensAfter, strategy: pass.strategy, attempts: pass.attempts, fallback: pass.fallback, ok: pass.ok, durationMs: Math.round(pass.durationMs), flags: pass.flags, lint: pass.lint })),
    summarizerCalls: result.summarizerCalls,
    summarizer: offlineSummarizerModel,
    pinnedLines: pinnedLineSurvival(config, transcript.system, result.messages),
    error: result.error,
  };
  return line.options.has('json') ? JSON.stringify(output, null, 2) : formatCompactTable(output);
}
