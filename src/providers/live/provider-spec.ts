import * as z from 'zod';
import { maskSecretsIn } from '../../engine/config';

/** The provider kinds a live summarizer can call. `openai` is Chat Completions; `openai-responses` is the Responses API. */
export const providerIds = ['openai', 'openai-responses', 'anthropic', 'google', 'openrouter', 'openai-compatible'] as const;

/** One provider kind. */
export type ProviderId = (typeof providerIds)[number];

/**
 * Where each provider is reached when the spec names no base URL. `openai-compatible` has none on purpose: a local
 * server (Ollama, LM Studio, vLLM) lives wherever the user runs it, so its URL must be given.
 */
/** The key a provider's calls use: OpenAI's two APIs take the same key, so one slot serves both and the user enters it once. */
export function keySlotOf(provider: ProviderId): ProviderId {
  return provider === 'openai-responses' ? 'openai' : provider;
}

export const defaultBaseUrls: Record<ProviderId, string | undefined> = {
  openai: 'https://api.openai.com/v1',
  'openai-responses': 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  google: 'https://generativelanguage.googleapis.com/v1beta',
  openrouter: 'https://openrouter.ai/api/v1',
  'openai-compatible': undefined,
};

/** A provider, model and endpoint for one summarizer rung. `apiKeyEnv` names the environment variable holding the key (CLI only; never the key itself). */
export const providerSpecSchema = z
  .object({
    provider: z.enum(providerIds),
    model: z.string().trim().min(1, 'a model id is required'),
    baseURL: z.url({ protocol: /^https?$/, error: 'baseURL must be an http:// or https:// URL' }).optional(),
    apiKeyEnv: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'apiKeyEnv must be an environment variable name (letters, digits, underscores)')
      .optional(),
  })
  .strict()
  .refine((spec) => spec.provider !== 'openai-compatible' || spec.baseURL !== undefined, {
    message: 'openai-compatible needs a baseURL (e.g. http://localhost:11434/v1)',
    path: ['baseURL'],
  });

/** A validated provider spec. */
export type ProviderSpec = z.infer<typeof providerSpecSchema>;

/** The base URL a spec's calls go to: its own, or its provider's default. */
export function baseUrlOf(spec: Pick<ProviderSpec, 'provider' | 'baseURL'>): string {
  const url = spec.baseURL ?? defaultBaseUrls[spec.provider];
  if (url === undefined) throw new Error(`${spec.provider} needs a base URL`);
  return url.replace(/\/+$/, '');
}

/** The host (with port when it has one) a spec's calls go to, for reports and the network panel. */
export function hostOf(spec: Pick<ProviderSpec, 'provider' | 'baseURL'>): string {
  return new URL(baseUrlOf(spec)).host;
}

/** Part of an argument quoted in an error: key-shaped parts masked first, then cut, since a cut key no longer looks like one. */
function shownPart(text: string, maximumLength: number): string {
  const masked = maskSecretsIn(text);
  return masked.length > maximumLength ? `${masked.slice(0, maximumLength)}…` : masked;
}

/**
 * Parses the command-line form `PROVIDER:MODEL[@BASE_URL]`, e.g. `openai:gpt-4o-mini` or
 * `openai-compatible:llama3.1:8b@http://localhost:11434/v1`. The model id runs from the first `:` to the first `@`
 * (so Ollama's `name:tag` ids work). Returns the spec or an error message saying what is wrong.
 */
export function parseProviderArgument(text: string): { spec: ProviderSpec } | { error: string } {
  const shown = shownPart(text, 120);
  const colon = text.indexOf(':');
  if (colon <= 0) return { error: `"${shown}" is not PROVIDER:MODEL[@BASE_URL] (PROVIDER one of ${providerIds.join(', ')})` };
  const provider = text.slice(0, colon);
  if (!(providerIds as readonly string[]).includes(provider)) {
    return { error: `unknown provider "${shownPart(provider, 40)}"; use one of ${providerIds.join(', ')}` };
  }
  const rest = text.slice(colon + 1);
  const at = rest.indexOf('@');
  const model = at < 0 ? rest : rest.slice(0, at);
  const baseURL = at < 0 ? undefined : rest.slice(at + 1);
  if (model.trim() === '') return { error: `"${shown}" names no model after "${provider}:"` };
  if (baseURL !== undefined && !/^https?:\/\/[^/]/.test(baseURL)) {
    return { error: `base URL "${shownPart(baseURL, 80)}" must start with http:// or https://` };
  }
  const parsed = providerSpecSchema.safeParse({ provider, model, baseURL });
  if (!parsed.success) return { error: parsed.error.issues.map((issue) => issue.message).join('; ') };
  return { spec: parsed.data };
}
