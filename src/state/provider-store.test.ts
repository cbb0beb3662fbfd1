// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { chosenProviders } from './chosen-providers';
import { useProviderStore } from './provider-store';

const local = { provider: 'openai-compatible' as const, model: 'llama3', baseURL: 'http://localhost:11434/v1' };
/** The smol rung the store used to start with, unchosen, persisted with every later change. */
const formerDefaultSmol = { provider: 'openai', model: 'gpt-4o-mini', baseURL: '' };

/** Stores `rungs` as an earlier build of the page wrote them, and reads them back as a new page load does. */
async function reloadedWith(rungs: Record<string, unknown>, version: number): Promise<void> {
  localStorage.setItem('compaction-lab/providers', JSON.stringify({ state: { mode: 'live', rungs }, version }));
  await useProviderStore.persist.rehydrate();
}

beforeEach(() => {
  localStorage.clear();
  useProviderStore.setState(useProviderStore.getInitialState(), true);
});

describe('the smol rung is unset until chosen (issue 27)', () => {
  it('starts as none: a user who sets only a local main model runs main alone, and no provider they did not choose is asked for a key', () => {
    expect(useProviderStore.getState().rungs.smol.provider).toBe('none');
    useProviderStore.getState().rungEdited('main', local);
    expect(chosenProviders('live', useProviderStore.getState().rungs)).toEqual({ providers: { main: local } });
  });

  it('a smol rung still at the former default beside a main model of another provider was never chosen: it reads as none', async () => {
    await reloadedWith({ smol: formerDefaultSmol, main: local }, 1);
    expect(useProviderStore.getState().rungs).toEqual({ smol: { provider: 'none', model: '', baseURL: '' }, main: local });
  });

  it('keeps a smol rung the user set, and the former default beside an OpenAI main model (both plausibly chosen)', async () => {
    const chosen = { provider: 'anthropic', model: 'claude-haiku', baseURL: '' };
    await reloadedWith({ smol: chosen, main: local }, 1);
    expect(useProviderStore.getState().rungs.smol).toEqual(chosen);
    const openaiMain = { provider: 'openai', model: 'gpt-4o', baseURL: '' };
    await reloadedWith({ smol: formerDefaultSmol, main: openaiMain }, 1);
    expect(useProviderStore.getState().rungs.smol).toEqual(formerDefaultSmol);
  });

  it('keeps the former default beside a main model on OpenAI’s Responses API, which takes the same key', async () => {
    const responsesMain = { provider: 'openai-responses', model: 'gpt-4.1', baseURL: '' };
    await reloadedWith({ smol: formerDefaultSmol, main: responsesMain }, 1);
    expect(useProviderStore.getState().rungs.smol).toEqual(formerDefaultSmol);
  });
});

describe('prices: the catalog, with the user’s overrides on top (issue 28)', () => {
  /** Stores `prices` as an earlier build wrote them, and reads them back as a new page load does. */
  async function reloadedWithPrices(prices: unknown, version: number): Promise<void> {
    localStorage.setItem('compaction-lab/providers', JSON.stringify({ state: { mode: 'live', rungs: { smol: formerDefaultSmol, main: local }, prices }, version }));
    await useProviderStore.persist.rehydrate();
  }

  it('starts with no overrides: the catalog prices every model', () => {
    expect(useProviderStore.getState().prices).toEqual({});
  });

  it('drops stored entries still at the former built-in figures and keeps the ones the user changed or added', async () => {
    await reloadedWithPrices({
      'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10 },
      'claude-opus-4': { inputPerMillion: 15, outputPerMillion: 75 },
      'gemini-2.5-pro': { inputPerMillion: 1, outputPerMillion: 10 },
      'llama3.1:8b': { inputPerMillion: 0, outputPerMillion: 0 },
    }, 2);
    expect(useProviderStore.getState().prices).toEqual({
      'gemini-2.5-pro': { inputPerMillion: 1, outputPerMillion: 10 },
      'llama3.1:8b': { inputPerMillion: 0, outputPerMillion: 0 },
    });
  });

  it('keeps every entry of a table stored by this version, even one at a former built-in figure (the user set it)', async () => {
    const chosen = { 'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10, cacheReadPerMillion: 1.25 }, 'claude-opus-4': { inputPerMillion: 15, outputPerMillion: 75 } };
    await reloadedWithPrices(chosen, 3);
    expect(useProviderStore.getState().prices).toEqual(chosen);
  });

  it('reads a damaged stored table as no overrides, never as a half-read one', async () => {
    await reloadedWithPrices({ 'gpt-4o': { inputPerMillion: 'cheap', outputPerMillion: 10 } }, 3);
    expect(useProviderStore.getState().prices).toEqual({});
  });
});
