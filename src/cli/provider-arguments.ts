import * as z from 'zod';
import type { Summarizer } from '../engine';
import type { LiveCallRecord, LiveSummarizerOptions } from '../providers/live/live-summarizer';
import { parseProviderArgument, providerSpecSchema, type ProviderSpec } from '../providers/live/provider-spec';
import type { SummarizerChoice } from '../lab/run-compaction';
import { UsageError, type CommandLine } from './arguments';
import { looksLikeKey } from './key-env-name';

/** The live providers a `compact` run uses: main always, smol as the cheap first rung when given. */
export interface ProviderSetup {
  main: ProviderSpec;
  smol?: ProviderSpec;
}

/** A config's optional `providers` field (CLI only: the engine's config schemas never see it). */
const configProvidersSchema = z.object({ smol: providerSpecSchema.optional(), main: providerSpecSchema.optional() }).strict();

const environmentNamePattern = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Merges `--smol`, `--main` and `--key-env` over a config's `providers: {smol, main}` (flags win). Returns undefined
 * when neither names a provider, so the run stays offline. `--key-env` names the environment variable for both rungs.
 * `configFile` names the config in errors about its providers.
 */
export function readProviderSetup(line: CommandLine, configProviders: unknown, configFile?: string): ProviderSetup | undefined {
  let smol: ProviderSpec | undefined;
  let main: ProviderSpec | undefined;
  const source = configFile === undefined ? '' : `${configFile}: `;
  if (configProviders !== undefined) {
    const parsed = configProvidersSchema.safeParse(configProviders);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UsageError(`${source}invalid config: providers.${issue.path.join('.')}: ${issue.message}`);
    }
    ({ smol, main } = parsed.data);
    for (const [rung, spec] of [['smol', smol], ['main', main]] as const) {
      if (spec?.apiKeyEnv !== undefined && looksLikeKey(spec.apiKeyEnv)) {
        throw new UsageError(`${source}invalid config: providers.${rung}.apiKeyEnv: looks like a key, not a variable name; it must NAME the environment variable that holds the key (e.g. OPENAI_API_KEY)`);
      }
    }
  }
  smol = flagSpec(line, 'smol') ?? smol;
  main = flagSpec(line, 'main') ?? main;
  const keyEnv = line.options.get('key-env');
  if (typeof keyEnv === 'string' && looksLikeKey(keyEnv)) {
    throw new UsageError('--key-env was given what looks like a key, not a variable name; pass the NAME of the environment variable that holds it, e.g. --key-env OPENAI_API_KEY (the key itself is never passed)');
  }
  if (keyEnv === true || (typeof keyEnv === 'string' && !environmentNamePattern.test(keyEnv))) {
    throw new UsageError('--key-env needs the NAME of an environment variable holding the key (the key itself is never passed)');
  }
  if (!smol && !main) {
    if (keyEnv !== undefined) throw new UsageError('--key-env needs --main PROVIDER:MODEL[@BASE_URL] (or providers in the config)');
    return undefined;
  }
  if (!main) throw new UsageError('--smol needs --main PROVIDER:MODEL[@BASE_URL]: main is the rung smol falls back to');
  const withKey = (spec: ProviderSpec): ProviderSpec => (typeof keyEnv === 'string' ? { ...spec, apiKeyEnv: keyEnv } : spec);
  return { main: withKey(main), smol: smol && withKey(smol) };
}

function flagSpec(line: CommandLine, flag: 'smol' | 'main'): ProviderSpec | undefined {
  const value = line.options.get(flag);
  if (value === undefined) return undefined;
  if (value === true) throw new UsageError(`--${flag} needs PROVIDER:MODEL[@BASE_URL]`);
  const parsed = parseProviderArgument(value);
  if ('error' in parsed) throw new UsageError(`--${flag}: ${parsed.error}`);
  return parsed.spec;
}

/**
 * The key for a spec, read ONLY from the environment variable its `apiKeyEnv` names. A keyless openai-compatible
 * server (a local Ollama) needs none. Errors name the variable, never a value.
 */
export function readProviderKey(spec: ProviderSpec, environment: NodeJS.ProcessEnv): string | undefined {
  if (spec.apiKeyEnv === undefined) {
    if (spec.provider === 'openai-compatible') return undefined;
    throw new UsageError(`${spec.provider} needs an API key: pass --key-env VAR, naming an environment variable that holds it`);
  }
  const value = environment[spec.apiKeyEnv];
  if (value === undefined || value.trim() === '') {
    // Never echo a name that looks like a key (one pasted where the name belongs), wherever it came from.
    const named = looksLikeKey(spec.apiKeyEnv) ? 'the environment variable given (its name looks like a key, so it is not shown)' : `environment variable ${spec.apiKeyEnv}`;
    throw new UsageError(`${named} is not set (it should hold the ${spec.provider} API key)`);
  }
  return value.trim();
}

/** How reports name a spec: `provider:model`, plus the host when the spec sets its own base URL. */
export function describeSpec(spec: ProviderSpec): string {
  return `${spec.provider}:${spec.model}${spec.baseURL ? `@${new URL(spec.baseURL).host}` : ''}`;
}

/**
 * A live summarizer whose code — the AI SDK and the providers' packages — loads on its first call, so a command that
 * never summarizes with it (a run that does not compact, `--help`, a refused config) starts without it. Its identity is
 * the spec's, as the live summarizer's own is.
 */
function liveSummarizer(options: LiveSummarizerOptions): Summarizer {
  let created: Promise<Summarizer> | undefined;
  const { spec } = options;
  return {
    provider: spec.provider,
    modelId: spec.model,
    baseURL: spec.baseURL,
    summarize: async (request) => {
      created ??= import('../providers/live/live-summarizer').then((live) => live.createLiveSummarizer(options));
      return (await created).summarize(request);
    },
  };
}

/**
 * Builds the live summarizers, each with its identity (provider, model id, base URL): rung labels read
 * `smol=gpt-4o-mini` as in the seed, and the engine names both rungs in full only when they share an id at
 * different endpoints.
 */
export function createLiveSummarizers(setup: ProviderSetup, environment: NodeJS.ProcessEnv, onCall: (call: LiveCallRecord) => void): SummarizerChoice {
  const mainKey = readProviderKey(setup.main, environment);
  const smolKey = setup.smol && readProviderKey(setup.smol, environment);
  const main = liveSummarizer({ spec: setup.main, apiKey: mainKey, onCall });
  if (!setup.smol) return { summarizers: { main } };
  const smol = liveSummarizer({ spec: setup.smol, apiKey: smolKey, onCall });
  return { summarizers: { main, smol } };
}
