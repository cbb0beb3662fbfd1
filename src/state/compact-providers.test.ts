import { describe, expect, it } from 'vitest';
import { compactProvidersOf, specOfRung } from './compact-providers';
import { readPriceTable } from '../providers/prices/price-table-input';

describe('compactProvidersOf', () => {
  it('builds main alone when smol is "none", and both rungs otherwise, dropping empty base URLs', () => {
    expect(compactProvidersOf({ smol: { provider: 'none', model: '', baseURL: '' }, main: { provider: 'anthropic', model: 'claude-sonnet-4', baseURL: ' ' } })).toEqual({
      providers: { main: { provider: 'anthropic', model: 'claude-sonnet-4' } },
    });
    const both = compactProvidersOf({
      smol: { provider: 'openai-compatible', model: 'llama3.1:8b', baseURL: 'http://localhost:11434/v1' },
      main: { provider: 'openai', model: 'gpt-4o', baseURL: '' },
    });
    expect(both).toEqual({ providers: { smol: { provider: 'openai-compatible', model: 'llama3.1:8b', baseURL: 'http://localhost:11434/v1' }, main: { provider: 'openai', model: 'gpt-4o' } } });
  });

  it('names the rung and the field that is wrong', () => {
    expect(compactProvidersOf({ smol: { provider: 'openai-compatible', model: 'x', baseURL: '' }, main: { provider: 'openai', model: 'gpt-4o', baseURL: '' } })).toEqual({
      error: 'Cheap model base URL: openai-compatible needs a baseURL (e.g. http://localhost:11434/v1)',
    });
    expect(compactProvidersOf({ smol: { provider: 'none', model: '', baseURL: '' }, main: { provider: 'openai', model: '  ', baseURL: '' } })).toEqual({
      error: 'Main model: a model id is required',
    });
    expect(specOfRung('main', { provider: 'none', model: '', baseURL: '' })).toEqual({ error: 'Choose a provider for the main model.' });
  });

  it('refuses a base URL with credentials in it, without echoing them', () => {
    const result = specOfRung('main', { provider: 'openai', model: 'gpt-4o', baseURL: 'https://user:hunter2@proxy.example/v1' });
    expect(result).toEqual({ error: 'The main base URL must not carry a user name or password; keys go in the key field.' });
  });
});

describe('readPriceTable', () => {
  it('takes a table whose every entry has two non-negative prices', () => {
    expect(readPriceTable({ 'local-llama': { inputPerMillion: 0, outputPerMillion: 0, extra: 1 } })).toEqual({ 'local-llama': { inputPerMillion: 0, outputPerMillion: 0 } });
  });

  it('takes cache prices where an entry gives them', () => {
    const entry = { inputPerMillion: 5, outputPerMillion: 25, cacheReadPerMillion: 0.5, cacheWritePerMillion: 6.25, cacheWriteHourPerMillion: 10 };
    expect(readPriceTable({ 'claude-opus-4-6': entry })).toEqual({ 'claude-opus-4-6': entry });
  });

  it('refuses the whole table when any entry is wrong, so no call is silently priced as free', () => {
    expect(readPriceTable({ 'claude-opus-4-6': { inputPerMillion: 5, outputPerMillion: 25, cacheReadPerMillion: -0.5 } })).toBeUndefined();
    expect(readPriceTable({ 'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10 }, broken: { inputPerMillion: -1, outputPerMillion: 1 } })).toBeUndefined();
    expect(readPriceTable({ 'gpt-4o': { inputPerMillion: '2.5', outputPerMillion: 10 } })).toBeUndefined();
    expect(readPriceTable([])).toBeUndefined();
    expect(readPriceTable(null)).toBeUndefined();
  });
});
