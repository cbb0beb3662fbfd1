import { describe, expect, it } from 'vitest';
import { describeSecrets, findSecrets, maskSecret, maskSecretsIn } from './secret-scan';

// Fake values in the real shapes: right prefixes, lengths and alphabets, no live credentials.
const fakes: [kind: string, value: string][] = [
  ['OpenAI API key', 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7dEf0hIj3kLm6nOp9q'],
  ['OpenAI API key', 'sk-4f9Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7dEf0h'],
  ['Anthropic API key', 'sk-ant-api03-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7dEf0hIj3kLm6nOp9q-AbCdEfAA'],
  ['OpenRouter API key', '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'],
  ['Google API key', 'AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q'],
  ['Groq API key', 'gsk_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7dEf0hIj3kLm6n'],
  ['xAI API key', 'xai-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7dEf0hIj3kLm6nOp9qRs8tUv1wXy4zAb7dEf0hIj3kLm6n'],
  ['GitHub token', 'ghp_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7d'],
  ['GitHub token', 'github_pat_11ABCDEFG0a1b2c3d4e5f6_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7dEf0hIj3kLm6nOp9qRs8tUv1'],
  ['AWS access key id', 'AKIAIOSFODNN7EXAMPLE'],
  ['Slack token', 'xoxb-123456789012-1234567890123-Ab3dEf6hIj9kLm2nOp5qRs8t'],
  ['bearer token', 'Bearer Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z'],
  ['JSON Web Token', 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'],
];

describe('the secret scan', () => {
  for (const [kind, value] of fakes) {
    it(`finds a ${kind} shaped like ${value.slice(0, 8)}…`, () => {
      expect(findSecrets({ prompts: { summary: `Use ${value} when asked.` } })).toEqual([{ path: 'prompts.summary', kind, preview: maskSecret(value) }]);
    });
  }

  it('names where each one is, in arrays and nested objects, and keys used as names', () => {
    const value = { ab: { b: { operativeSkills: [{ name: 'x', operative: ['ok', fakes[0][1]] }] } }, [fakes[4][1]]: 1 };
    expect(findSecrets(value).map((finding) => finding.path)).toEqual(['ab.b.operativeSkills[0].operative[1]', maskSecret(fakes[4][1])]);
  });

  it('writes a key used as a property name masked in every path it is part of (issue 14 item 3)', () => {
    const [, key] = fakes[0];
    const findings = findSecrets({ config: { [key]: { apiKey: 'Zq8uR2mN5vX1kT7wB4yL9cP3' } } });
    expect(findings.map((finding) => finding.path)).toEqual([`config.${maskSecret(key)}`, `config.${maskSecret(key)}.apiKey`]);
    expect(describeSecrets(findings).join('\n')).not.toContain(key.slice(6, 20));
  });

  it('scans a value nested 100,000 levels deep without overflowing the stack, and keeps the path one short line', () => {
    const [, key] = fakes[0];
    let deep: unknown = key;
    for (let level = 0; level < 100_000; level++) deep = { a: deep };
    const findings = findSecrets(deep);
    expect(findings).toHaveLength(1);
    expect(findings[0].path.length).toBeLessThanOrEqual(161);
    expect(findings[0].path).toMatch(/^a\.a\..*….*\.a$/);
  });

  it('masks every key-shaped part of a text and leaves the rest as it was', () => {
    const [, openAi] = fakes[0];
    const [, google] = fakes[4];
    const text = `https://lab.example/?k=${openAi}&g=${google}#x`;
    expect(maskSecretsIn(text)).toBe(`https://lab.example/?k=${maskSecret(openAi)}&g=${maskSecret(google)}#x`);
    expect(maskSecretsIn('task-list-2024-final-version-draft and sk- alone')).toBe('task-list-2024-final-version-draft and sk- alone');
  });

  it('finds long random strings under key-like names, but not variable names, counts or words', () => {
    const value = {
      providers: { main: { apiKey: 'Zq8uR2mN5vX1kT7wB4yL9cP3', apiKeyEnv: 'OPENROUTER_API_KEY', model: 'gpt-4o-mini-2024-07-18' } },
      headers: { authorization: 'q7Wm2Zr9Kp4Tx1Vb8Nc5Yd3G', 'x-api-key': 'short' },
      maxTokens: 4096,
      tokenEstimator: 'utf8-quarter',
      password: 'correct horse battery staple',
    };
    expect(findSecrets(value)).toEqual([
      { path: 'providers.main.apiKey', kind: 'high-entropy value under "apiKey"', preview: maskSecret('Zq8uR2mN5vX1kT7wB4yL9cP3') },
      { path: 'headers.authorization', kind: 'high-entropy value under "authorization"', preview: maskSecret('q7Wm2Zr9Kp4Tx1Vb8Nc5Yd3G') },
    ]);
  });

  it('passes real configs and prose that merely mention keys', () => {
    const prose = 'Never paste an sk- key or a Bearer token into the summary; ask for the task-list-2024-final-version-draft instead.';
    expect(findSecrets({ schemaVersion: 1, profile: 'auto-compactor', window: 128000, prompts: { summary: prose }, operativeSkills: [{ name: 'deploy', operative: ['Run make deploy.'] }] })).toEqual([]);
  });

  it('tells one key once, by its most specific kind', () => {
    expect(findSecrets(`Authorization: ${fakes[12][1]}`)).toEqual([{ path: '(root)', kind: 'JSON Web Token', preview: maskSecret(fakes[12][1]) }]);
    expect(findSecrets(fakes[2][1]).map((finding) => finding.kind)).toEqual(['Anthropic API key']);
  });

  it('never repeats the secret in what it reports', () => {
    const [, key] = fakes[0];
    const lines = describeSecrets(findSecrets({ config: { apiKey: key } }));
    expect(lines).toEqual([`config.apiKey — OpenAI API key, sk-pro… (${key.length} characters)`]);
    expect(lines.join('')).not.toContain(key.slice(8, 20));
  });
});
