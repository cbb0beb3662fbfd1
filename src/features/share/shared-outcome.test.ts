import { describe, expect, it } from 'vitest';
import { envelopeFileText, pageEnvelope, shareLinkOf } from './share-building';
import { interpretShared, interpretSharedFile, interpretSharedLink } from './shared-outcome';

const page = { origin: 'http://localhost:4173', pathname: '/' };
const tuned = { schemaVersion: 1, profile: 'two-tier', keepLast: 4, summarizePrompt: 'Sum {{formatted_messages}}', maskCallback: 'return [];' };

function linkOf(config: Record<string, unknown>): string {
  const built = shareLinkOf(pageEnvelope(config), page);
  if (!('link' in built)) throw new Error(built.message);
  return built.link;
}

describe('what a shared link or file turns out to be', () => {
  it('gives back the same config from a link, with its prompts and callbacks listed apart', () => {
    const link = linkOf(tuned);
    expect(link).toMatch(/^http:\/\/localhost:4173\/#config=/);
    const outcome = interpretSharedLink(new URL(link).hash);
    expect(outcome).toMatchObject({ kind: 'ok', profile: 'two-tier', config: tuned, prompts: [{ id: 'summarizePrompt', text: 'Sum {{formatted_messages}}' }], callbacks: [{ path: 'config.maskCallback', source: 'return [];' }] });
  });

  it('says a damaged link is damaged', () => {
    const link = linkOf(tuned);
    expect(interpretSharedLink(link.slice(0, -10))).toMatchObject({ kind: 'damaged', message: expect.stringMatching(/^the link is damaged: /) });
  });

  it('refuses a config with a key in it, naming where', () => {
    expect(interpretShared({ ...tuned, apiKey: 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7dEf0hIj3kLm6nOp9q' })).toEqual({ kind: 'secret', lines: [expect.stringMatching(/^apiKey — OpenAI API key, sk-pro…/)] });
    expect(shareLinkOf(pageEnvelope({ ...tuned, apiKey: 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7dEf0hIj3kLm6nOp9q' }), page)).toMatchObject({ refused: 'secret', message: expect.stringContaining('config.apiKey') });
  });

  it('shows a future version read-only and refuses an unknown profile', () => {
    expect(interpretShared({ kind: 'compaction-lab/config', schemaVersion: 9, createdWith: 'x', config: { profile: 'two-tier' } })).toMatchObject({ kind: 'read-only', profile: 'two-tier' });
    expect(interpretShared({ profile: 'nope' })).toEqual({ kind: 'invalid', issues: [{ path: 'profile', message: expect.stringContaining('unknown profile "nope"') }] });
  });

  it('reads the envelope’s body without its header as the CLI does, not as a bare config holding a field named config', () => {
    const outcome = interpretShared({ config: { profile: 'two-tier', keepLast: 3 }, prompts: { summarizePrompt: 'Sum {{formatted_messages}}' } });
    expect(outcome).toMatchObject({ kind: 'ok', profile: 'two-tier', config: { profile: 'two-tier', keepLast: 3, summarizePrompt: 'Sum {{formatted_messages}}' } });
  });

  it('reads the file the page downloads, and names a file that is not JSON', () => {
    const text = envelopeFileText(pageEnvelope(tuned, { a: tuned, b: { profile: 'auto-compactor' } }));
    expect(interpretSharedFile('config.json', text)).toMatchObject({ kind: 'ok', config: tuned, envelope: { ab: { b: { profile: 'auto-compactor' } } } });
    expect(interpretSharedFile('config.json', '{')).toMatchObject({ kind: 'invalid', issues: [{ path: 'config.json', message: expect.stringContaining('not JSON') }] });
  });

  it('runs A’s checks on the pair’s B: an unknown profile and a placeholder its prompt does not fill, at their ab.b paths', () => {
    const pairOf = (b: Record<string, unknown>) => ({ kind: 'compaction-lab/config', schemaVersion: 1, createdWith: 'x', config: tuned, ab: { a: tuned, b } });
    expect(interpretShared(pairOf({ profile: 'nope' }))).toMatchObject({ kind: 'ok', pairIssues: [{ path: 'ab.b.profile', message: expect.stringContaining('unknown profile "nope"') }] });
    expect(interpretShared(pairOf({ profile: 'two-tier', summarizePrompt: 'Sum {{formated_messages}}' }))).toMatchObject({
      kind: 'ok',
      pairIssues: [{ path: 'ab.b.summarizePrompt', message: expect.stringContaining('{{formated_messages}}') }],
    });
    expect(interpretShared(pairOf(tuned))).toMatchObject({ kind: 'ok', pairIssues: [] });
  });

  it('with a pair, A is ab.a (what compaction-lab ab runs), and an unknown profile there is named at ab.a', () => {
    const envelope = { kind: 'compaction-lab/config', schemaVersion: 1, createdWith: 'x', config: { profile: 'two-tier', keepLast: 9 }, ab: { a: tuned, b: tuned } };
    expect(interpretShared(envelope)).toMatchObject({ kind: 'ok', config: tuned, notices: [expect.stringContaining('config and ab.a differ (at keepLast, maskCallback, schemaVersion')] });
    expect(interpretShared({ ...envelope, ab: { a: { profile: 'nope' }, b: tuned } })).toEqual({ kind: 'invalid', issues: [{ path: 'ab.a.profile', message: expect.stringContaining('unknown profile "nope"') }] });
  });
});

