import type { Clock, SummarizeRequest, SummarizeResult, Summarizer } from './ports';

/** One scripted answer: a text, an error to throw, or a hang of `hangMs` (virtual) before answering or forever. */
export type ScriptStep =
  | { text: string; delayMs?: number; usage?: SummarizeResult['usage'] }
  | { error: string; delayMs?: number }
  | { hangMs: number; text?: string };

/**
 * A summarizer that answers from a script, one step per call, and records every request. Errors are thrown as
 * plain `Error(message)` so the engine's classification (transient or not) is what is tested. Hangs honour the signal.
 * Its identity is provider `scripted` and `modelId`: two scripted summarizers with one id are one model to the ladder.
 */
export function scriptedSummarizer(steps: ScriptStep[], clock: Clock, modelId = 'scripted'): Summarizer & { requests: SummarizeRequest[] } {
  const requests: SummarizeRequest[] = [];
  let index = 0;
  const summarize = async (request: SummarizeRequest): Promise<SummarizeResult> => {
    requests.push(request);
    const step = steps[Math.min(index, steps.length - 1)];
    index += 1;
    if (!step) throw new Error('scripted summarizer has no steps');
    if ('hangMs' in step) {
      await clock.sleep(step.hangMs, request.signal);
      if (step.text === undefined) throw new Error('scripted hang ended without an answer');
      return { text: step.text };
    }
    if (step.delayMs) await clock.sleep(step.delayMs, request.signal);
    if ('error' in step) throw new Error(step.error);
    return { text: step.text, usage: step.usage };
  };
  return { provider: 'scripted', modelId, summarize, requests };
}

/** A summarizer around a test's own function, with the scripted identity (provider `scripted`, `modelId`). */
export function testSummarizer(summarize: Summarizer['summarize'], modelId = 'scripted'): Summarizer {
  return { provider: 'scripted', modelId, summarize };
}
