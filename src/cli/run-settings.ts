import type { EngineError, LabConfig } from '../engine';
import { offlineSummarizerModel } from '../providers/offline/offline-summarizer';
import type { CommandLine } from './arguments';
import { readConfig } from './compact-config';
import { describeSpec, readProviderSetup, type ProviderSetup } from './provider-arguments';

/** What a command that runs a profile reads before any work (`compact`, `versus`, `replay`, `eval`). */
export interface RunSettings {
  config: LabConfig;
  /** The `--config` file, named in messages about what it holds. */
  configFile?: string;
  runAnyway: boolean;
  /** The live providers, or none for the offline summarizer. */
  setup?: ProviderSetup;
}

/**
 * Reads the config (`readConfig`: the one reader, then the lab's one pre-flight, which refuses an invalid config, a
 * prompt override that cannot be sent, and settings that cannot work unless `--run-anyway`, exit 2: nothing ran), and
 * reads the live providers, so every run command refuses and names things alike.
 */
export async function readRunSettings(line: CommandLine): Promise<RunSettings> {
  const { config, providers, configFile } = await readConfig(line);
  return { config, configFile, runAnyway: line.options.has('run-anyway'), setup: readProviderSetup(line, providers, configFile) };
}

/** How a report names its summarizer: the live rungs (`smol=…, main=…`), or the offline one. */
export function summarizerLabel(setup: ProviderSetup | undefined): string {
  return setup ? [setup.smol && `smol=${describeSpec(setup.smol)}`, `main=${describeSpec(setup.main)}`].filter(Boolean).join(', ') : offlineSummarizerModel;
}

/** The stderr line for a run refused because its config carries callbacks the user did not allow; undefined for any other error. */
export function consentRefusal(error: EngineError | undefined, configFile: string | undefined): string | undefined {
  return error?.code === 'callbacks-need-consent' ? `${configFile ?? 'the config'}: ${error.message} Nothing ran; pass --allow-callbacks to run them.` : undefined;
}
