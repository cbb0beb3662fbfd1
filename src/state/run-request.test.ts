// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { useConfigStore } from './config-store';
import { parseConfig } from './parsed-config';
import { useProviderStore } from './provider-store';
import { checkedRunRequest } from './run-request';
import { useLabStore } from './store';

const request = (text: string, name?: string) => checkedRunRequest(parseConfig(text), { name });

describe('checkedRunRequest, the page’s one pre-flight', () => {
  beforeEach(() => {
    useLabStore.setState(useLabStore.getInitialState(), true);
    useProviderStore.setState(useProviderStore.getInitialState(), true);
    useLabStore.getState().contextWindowChosen(100_000);
  });

  it('writes the page’s window into a document that sets none, and follows the page’s window as it changes', () => {
    expect(request('{"profile":"two-tier","keepLast":3}')).toEqual({ config: { profile: 'two-tier', keepLast: 3, contextWindow: 100_000 }, prices: {} });
    useLabStore.getState().contextWindowChosen(64_000);
    expect(request('{"profile":"two-tier"}')).toEqual({ config: { profile: 'two-tier', contextWindow: 64_000 }, prices: {} });
  });

  it('keeps a window the document sets as its own, and runs a null one without a window', () => {
    expect(request('{"window":40000}')).toEqual({ config: { window: 40_000 }, prices: {} });
    expect(request('{"profile":"two-tier","contextWindow":null}')).toEqual({ config: { profile: 'two-tier' }, prices: {} });
    expect(request('{"profile":"rolling-summary"}')).toEqual({ config: { profile: 'rolling-summary' }, prices: {} });
  });

  it('leaves the stored config as written: the window is the request’s, not the text’s', () => {
    useConfigStore.getState().configEdited('{"profile":"unified"}');
    checkedRunRequest(useConfigStore.getState().config);
    expect(useConfigStore.getState().config.text).toBe('{"profile":"unified"}');
  });

  it('refuses text that is not a JSON object, naming whose config it is', () => {
    expect(request('{oops', 'Variant B')).toEqual({ problem: expect.stringMatching(/^Variant B's config is not valid JSON: /) });
    expect(request('[1]')).toEqual({ problem: 'The config is not a JSON object ({"profile": …}) but an array.' });
  });

  it('refuses a prompt the run could not send, naming the slot and the variable, before any call', () => {
    expect(request('{"prompts":{"summary":"Summarize {{conversaton}} please"}}', 'Policy B')).toEqual({
      problem: 'Policy B: First summary (compaction/summary) (prompts.summary) uses {{conversaton}}, which it does not fill: it takes no variables.',
    });
  });

  it('gives live providers with the user’s prices, and refuses an incomplete rung naming the variant', () => {
    const store = useProviderStore.getState();
    store.modeChosen('live');
    useProviderStore.setState({ rungs: { smol: { provider: 'none', model: '', baseURL: '' }, main: { provider: 'openai', model: ' ', baseURL: '' } } });
    expect(request('{}', 'Variant B')).toEqual({ problem: 'Variant B: Main model: a model id is required' });
    useProviderStore.setState({ rungs: { smol: { provider: 'none', model: '', baseURL: '' }, main: { provider: 'openai', model: 'gpt-4o', baseURL: '' } } });
    expect(request('{}')).toEqual({ config: { window: 100_000 }, providers: { main: { provider: 'openai', model: 'gpt-4o' } }, prices: store.prices });
  });
});
