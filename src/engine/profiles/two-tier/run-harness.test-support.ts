import { FakeClock } from '../../run/fake-clock.test-support';
import type { CompactionEvent, RunResult } from '../../run/events';
import type { Summarizer } from '../../run/ports';
import { charsPerTokenCounter } from '../../tokens/token-counter';
import type { Message } from '../../transcript/model';
import type { CallbackRunner } from '../../run/callback-runner';
import { twoTierConfigSchema } from './config';
import { twoTierProfile } from './index';

/** Options of one test run of the two-tier profile. */
export interface HarnessOptions {
  summarizer?: Summarizer;
  callbacks?: CallbackRunner;
  hasUserConsent?: boolean;
  system?: Message;
  signal?: AbortSignal;
  clock?: FakeClock;
}

/** Runs the profile on `messages` with a config parsed from `config`, collecting every event. */
export async function runProfile(messages: Message[], config: Record<string, unknown>, options: HarnessOptions = {}): Promise<{ result: RunResult; events: CompactionEvent[] }> {
  const events: CompactionEvent[] = [];
  const input = {
    messages,
    system: options.system,
    config: twoTierConfigSchema.parse(config),
    ports: {
      counter: charsPerTokenCounter(),
      clock: options.clock ?? new FakeClock(),
      summarizers: { main: options.summarizer },
      signal: options.signal,
      callbacks: options.callbacks,
      hasUserConsent: options.hasUserConsent,
    },
    onEvent: (event: CompactionEvent) => events.push(event),
  };
  const result = await twoTierProfile.run(input);
  return { result, events };
}

/** A callback runner backed by plain functions (no string is ever evaluated in tests). */
export function functionRunner(functions: Partial<{ mask: (messages: unknown[]) => unknown; compress: (request: unknown) => unknown; custom: (messages: unknown[]) => unknown }>): CallbackRunner & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    runMask: async (source, messages) => {
      calls.push(`mask:${source}`);
      return functions.mask?.(messages);
    },
    runCompress: async (source, request) => {
      calls.push(`compress:${source}`);
      return functions.compress?.(request);
    },
    runCustom: async (source, messages) => {
      calls.push(`custom:${source}`);
      return functions.custom?.(messages);
    },
  };
}
