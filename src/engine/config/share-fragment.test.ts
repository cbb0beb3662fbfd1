import { describe, expect, it } from 'vitest';
import { deflateCompressor } from '../../ports/deflate';
import { shareEnvelopeOf } from './share-envelope';
import { decodeShareFragment as decodeWith, encodeShareFragment as encodeWith, shareFragmentLimit, shareFragmentPrefix } from './share-fragment';

// The page's and the CLI's own compressor: the links these tests read are the links users get.
const encodeShareFragment = (envelope: unknown) => encodeWith(envelope, deflateCompressor);
const decodeShareFragment = (link: string) => decodeWith(link, deflateCompressor);
const packed = (text: string): string => Buffer.from(deflateCompressor.deflate(new TextEncoder().encode(text))).toString('base64url');

const envelope = shareEnvelopeOf({ schemaVersion: 1, profile: 'auto-compactor', window: 64000, prompts: { summary: 'Keep every path — and ünïcödé.' } }, { createdWith: 'test' });

function fragmentOf(value: unknown): string {
  const built = encodeShareFragment(value);
  if (!('fragment' in built)) throw new Error(built.message);
  return built.fragment;
}

/** Lowercase words from a fixed seed: incompressible enough to pass the limit, and no key shape. */
function noise(length: number): string {
  let state = 7;
  let text = '';
  while (text.length < length) {
    state = (state * 1103515245 + 12345) % 2147483648;
    text += String.fromCharCode(97 + (state % 26));
    if (state % 7 === 0) text += ' ';
  }
  return text;
}

describe('share fragments', () => {
  it('round-trip an envelope through #config=<base64url>', () => {
    const fragment = fragmentOf(envelope);
    expect(fragment.startsWith(shareFragmentPrefix)).toBe(true);
    expect(fragment.slice(shareFragmentPrefix.length)).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeShareFragment(fragment)).toEqual({ value: envelope });
    expect(decodeShareFragment(`http://localhost:4173/app/${fragment}`)).toEqual({ value: envelope });
  });

  it('build the same fragment for the same config in any key order', () => {
    expect(fragmentOf({ a: 1, b: { d: 2, c: 3 } })).toBe(fragmentOf({ b: { c: 3, d: 2 }, a: 1 }));
  });

  it('say a truncated, altered or empty link is damaged', () => {
    const fragment = fragmentOf(envelope);
    const truncated = decodeShareFragment(fragment.slice(0, fragment.length - 12));
    expect(truncated).toEqual({ error: expect.stringMatching(/^the link is damaged: its compressed config is cut short or altered/) });
    const payload = fragment.slice(shareFragmentPrefix.length);
    const altered = `${shareFragmentPrefix}${payload.slice(0, 10)}${payload[10] === 'A' ? 'B' : 'A'}${payload.slice(11)}`;
    expect(decodeShareFragment(altered)).toEqual({ error: expect.stringMatching(/^the link is damaged: /) });
    expect(decodeShareFragment(`${fragment}%20`)).toEqual({ error: expect.stringContaining('characters a config link never has') });
    expect(decodeShareFragment(shareFragmentPrefix)).toEqual({ error: 'the link is damaged: it carries no config after #config=' });
  });

  it('say a link that unpacks to something other than JSON is damaged', () => {
    expect(decodeShareFragment(`#config=${packed('hello, not json')}`)).toEqual({ error: 'the link is damaged: it unpacks to text that is not JSON (was it altered?)' });
  });

  it('say a link that unpacks past 1 MB is damaged', () => {
    expect(decodeShareFragment(`#config=${packed(`"${' '.repeat(2 * 1024 * 1024)}"`)}`)).toEqual({
      error: 'the link is damaged: its compressed config is cut short or altered (it unpacks to more than 1024 KB, which no config needs)',
    });
    expect(decodeShareFragment(`#config=${packed(`"${' '.repeat(1000 * 1024)}"`)}`)).toEqual({ value: ' '.repeat(1000 * 1024) });
  });

  it('refuse to build a link for a config holding a key, naming where', () => {
    const built = encodeShareFragment({ ...envelope, config: { ...envelope.config, apiKey: 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7dEf0hIj3kLm6nOp9q' } });
    expect(built).toMatchObject({ refused: 'secret', findings: [{ path: 'config.apiKey', kind: 'OpenAI API key' }] });
    if ('message' in built) expect(built.message).not.toContain('Ab3dEf6hIj9k');
  });

  it('refuse a link longer than the limit and offer a file instead', () => {
    const built = encodeShareFragment({ ...envelope, prompts: { summary: noise(shareFragmentLimit * 2) } });
    expect(built).toMatchObject({ refused: 'too-long', message: expect.stringContaining('download the config as a file') });
    if ('length' in built) expect(built.length).toBeGreaterThan(shareFragmentLimit);
  });
});
