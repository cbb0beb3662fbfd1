import { describe, expect, it } from 'vitest';
import type { Message, Transcript } from '../transcript/model';
import { responseSpan } from './agent-calls';

const at = (seconds: number): string => new Date(Date.UTC(2026, 0, 1, 10) + seconds * 1000).toISOString();
const message = (id: string, role: Message['role'], seconds: number, raw: unknown = null): Message =>
  ({ id, role, origin: role === 'assistant' ? 'model' : role === 'tool' ? 'tool' : 'human', blocks: [], createdAt: at(seconds), sourceRef: {}, raw }) as Message;

describe('responseSpan', () => {
  it('ends a response at its last logged line and starts the next request when its last input was logged, not at the answer’s first line', () => {
    // A response over two lines (0 s and 20 s), a tool result logged at 200 s, the next answer's first line at 330 s
    // (after a long thinking block): the request left at 200 s.
    const transcript = {
      messages: [
        message('a', 'assistant', 0, [{ timestamp: at(0) }, { timestamp: at(20) }]),
        message('t', 'tool', 200),
        message('b', 'assistant', 330, [{ timestamp: at(330) }]),
      ],
    } as Transcript;
    expect(responseSpan(transcript, 0)).toEqual({ startMs: Date.parse(at(0)), endMs: Date.parse(at(20)) });
    expect(responseSpan(transcript, 2)).toEqual({ startMs: Date.parse(at(200)), endMs: Date.parse(at(330)) });
  });

  it('takes the answer’s first line when the message before it is another answer or has no usable time, and nothing without a timestamp', () => {
    const transcript = { messages: [message('a', 'assistant', 0), message('b', 'assistant', 40), { ...message('c', 'assistant', 0), createdAt: undefined }] } as Transcript;
    expect(responseSpan(transcript, 1)).toEqual({ startMs: Date.parse(at(40)), endMs: Date.parse(at(40)) });
    expect(responseSpan(transcript, 2)).toEqual({});
  });
});
