import type { Message } from '../engine/transcript';
import { code, json, logs, prose } from './corpus-text';
import { SeededRandom } from './seeded-random';

/** What the generated corpus holds. */
export interface AgentCorpus {
  messages: Message[];
  characterCount: number;
}

const toolNames = ['read_file', 'run_command', 'search', 'list_files'];

/**
 * An agent-like conversation, generated deterministically from `seed` until it holds `minChars` characters of
 * countable text: user requests, assistant prose with tool calls, and tool results that are source code, JSON or logs.
 * About 4.3 characters make a token, so 4.6 M characters give a little over 1 M tokens.
 */
export function generateAgentCorpus(minChars = 4_600_000, seed = 20260223): AgentCorpus {
  const random = new SeededRandom(seed);
  const messages: Message[] = [];
  let characterCount = 0;
  const add = (message: Omit<Message, 'id' | 'sourceRef' | 'raw'>, chars: number): void => {
    messages.push({ ...message, id: `bench-${messages.length}`, sourceRef: { index: messages.length }, raw: null });
    characterCount += chars;
  };
  for (let turn = 0; characterCount < minChars; turn++) {
    const request = prose(random, random.integer(1, 4));
    add({ role: 'user', origin: 'human', blocks: [{ kind: 'text', text: request }] }, request.length);
    for (let step = random.integer(1, 4); step > 0; step--) {
      const callId = `call_${turn}_${step}`;
      const name = random.pick(toolNames);
      const args = { path: `src/${random.pick(['engine', 'worker', 'app'])}/file-${random.integer(1, 300)}.ts`, limit: random.integer(10, 500) };
      const argsRaw = JSON.stringify(args);
      const thought = prose(random, random.integer(1, 3));
      add(
        {
          role: 'assistant',
          origin: 'model',
          blocks: [
            { kind: 'text', text: thought },
            { kind: 'tool_call', callId, name, args, argsRaw },
          ],
        },
        thought.length + name.length + 1 + argsRaw.length + 1,
      );
      const content = random.pick([code, json, logs, json, code])(random);
      add({ role: 'tool', origin: 'tool', blocks: [{ kind: 'tool_result', callId, content, isError: false, name }] }, content.length);
    }
    const answer = prose(random);
    add({ role: 'assistant', origin: 'model', blocks: [{ kind: 'text', text: answer }] }, answer.length);
  }
  return { messages, characterCount };
}
