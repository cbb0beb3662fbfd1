/** How the mock answers a generate call. The client picks it through the model id, so every client triggers it unchanged. */
export type MockBehaviour =
  | { kind: 'ok' }
  /** The first `count` calls for this model since the last reset fail with `status`, later ones succeed. */
  | { kind: 'fail-first'; status: number; count: number }
  /** Always 429 with `retry-after: 1`. */
  | { kind: 'rate-limit' }
  /** Accepts the request and never sends a status line. */
  | { kind: 'hang' }
  /** Sends 200 headers and `: keep-alive` comments every 200 ms, never an answer. */
  | { kind: 'dribble' }
  /** 200 with a body no client can parse. */
  | { kind: 'malformed' }
  /** The normal answer, one small chunk per 100 ms. */
  | { kind: 'slow' }
  /** Destroys the socket without a response. */
  | { kind: 'reset' }
  /** 401 in the provider's own error shape, as for a bad key. */
  | { kind: 'unauthorized' }
  /** The normal answer minus every line that quotes a pinned operative line: a summarizer breaking the verbatim duty. */
  | { kind: 'forget-pins' }
  /**
   * Streams the opening frames and the start of the normal answer (never the last two frames, which finish it in every
   * wire), then keep-alives forever: a stream only the client can end. Non-streaming requests get the normal answer.
   */
  | { kind: 'stall' };

/** Every model id the mock advertises in its model lists, one per behaviour (other ids behave like `mock-ok`). */
export const mockModelIds = [
  'mock-ok', 'mock-503x2', 'mock-500x1', 'mock-429', 'mock-hang', 'mock-dribble', 'mock-malformed', 'mock-slow', 'mock-reset', 'mock-401',
  'mock-forget-pins', 'mock-stall',
] as const;

const failFirstPattern = /^mock-(5\d\d)x(\d+)$/;

const fixedBehaviours: Record<string, MockBehaviour> = {
  'mock-429': { kind: 'rate-limit' },
  'mock-hang': { kind: 'hang' },
  'mock-dribble': { kind: 'dribble' },
  'mock-malformed': { kind: 'malformed' },
  'mock-slow': { kind: 'slow' },
  'mock-reset': { kind: 'reset' },
  'mock-401': { kind: 'unauthorized' },
  'mock-forget-pins': { kind: 'forget-pins' },
  'mock-stall': { kind: 'stall' },
};

/**
 * The behaviour a model id asks for. Only the last `/` segment counts, so `models/mock-hang` (Gemini) and
 * `vendor/mock-429` (OpenRouter style) work too; unknown ids answer normally.
 */
export function behaviourOf(model: string): MockBehaviour {
  const name = model.split('/').pop() ?? model;
  const failFirst = failFirstPattern.exec(name);
  if (failFirst) return { kind: 'fail-first', status: Number(failFirst[1]), count: Number(failFirst[2]) };
  return fixedBehaviours[name] ?? { kind: 'ok' };
}
