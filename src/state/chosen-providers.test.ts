// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { chosenProviders } from './chosen-providers';

const main = { provider: 'openai-compatible' as const, model: 'llama3', baseURL: 'http://models.example:8000/v1' };
const noSmol = { provider: 'none' as const, model: '', baseURL: '' };

/** Puts a Content-Security-Policy on the page, as the build's head script does. */
function policy(connectSources: string): void {
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = `default-src 'self'; connect-src ${connectSources}`;
  document.head.append(meta);
}

afterEach(() => document.head.replaceChildren());

describe('chosenProviders (the inspector, A/B and the comparison with the agent choose alike)', () => {
  it('chooses nothing offline, whatever the rungs say', () => {
    expect(chosenProviders('offline', { smol: noSmol, main: { ...main, model: '' } })).toEqual({});
  });

  it('names the rung and field that is incomplete', () => {
    expect(chosenProviders('live', { smol: noSmol, main: { ...main, model: ' ' } })).toEqual({ error: 'Main model: a model id is required' });
  });

  it("refuses a host the page's policy does not allow yet, and takes it once allowed", () => {
    policy("'self' https://api.openai.com");
    expect(chosenProviders('live', { smol: noSmol, main })).toEqual({
      error: "This page's security policy does not allow http://models.example:8000 yet; allow it in the Summarizer settings.",
    });
    document.head.replaceChildren();
    policy("'self' http://models.example:8000");
    expect(chosenProviders('live', { smol: noSmol, main })).toEqual({ providers: { main } });
  });
});
