import { describe, expect, it } from 'vitest';
import { blockText, imageTokenEstimate, imageTokenEstimateTokens, messageImageTokens, messageText } from './message-text';
import { testMessage } from './test-messages';

describe('messageText', () => {
  it('joins text, thinking, tool call name + raw args and tool result content with newlines, skipping images', () => {
    const message = testMessage('assistant', [
      { kind: 'thinking', text: 'Let me look.' },
      { kind: 'text', text: 'Reading the file.' },
      { kind: 'image', source: 'base64', mediaType: 'image/png', byteLength: 9000 },
      { kind: 'tool_call', callId: 'c1', name: 'read_file', args: { path: 'a.ts' }, argsRaw: '{"path": "a.ts"}' },
      { kind: 'tool_result', callId: 'c1', content: 'export {}', isError: false },
    ]);
    expect(messageText(message)).toBe('Let me look.\nReading the file.\nread_file\n{"path": "a.ts"}\nexport {}');
  });

  it('keeps argsRaw verbatim, even when it is not valid JSON', () => {
    expect(blockText({ kind: 'tool_call', callId: 'c', name: 'run', args: undefined, argsRaw: '{"cmd": ls' })).toBe('run\n{"cmd": ls');
  });

  it('leaves out redacted thinking and empty blocks instead of adding blank lines', () => {
    const message = testMessage('assistant', [
      { kind: 'thinking', text: 'opaque', isRedacted: true },
      { kind: 'text', text: '' },
      { kind: 'text', text: 'only this' },
    ]);
    expect(messageText(message)).toBe('only this');
  });

  it('gives every image the fixed 1,600-token estimate, separately from the text', () => {
    const image = { kind: 'image' as const, source: 'https://example.com/a.png' };
    const message = testMessage('user', [image, { kind: 'text', text: 'what is this?' }, image]);
    expect(imageTokenEstimate(image)).toBe(1600);
    expect(imageTokenEstimateTokens).toBe(1600);
    expect(messageImageTokens(message)).toBe(3200);
    expect(messageText(message)).toBe('what is this?');
  });
});
