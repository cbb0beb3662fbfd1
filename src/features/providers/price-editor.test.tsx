// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useProviderStore } from '../../state/provider-store';
import { PriceEditor } from './price-editor';

/** The lines that say how the chosen rungs' models are priced, once the catalog has loaded. */
async function rungLines(): Promise<string[]> {
  const list = await screen.findByRole('list', { name: 'Prices of your models' });
  await within(list).findAllByText(/\(catalog|\(your price|cost unknown/);
  return within(list).getAllByRole('listitem').map((item) => item.textContent ?? '');
}

describe('the price editor (issue 28)', () => {
  beforeEach(() => {
    localStorage.clear();
    useProviderStore.setState(useProviderStore.getInitialState(), true);
  });
  afterEach(cleanup);

  it('names the catalog and its date, and says that with no overrides the catalog prices every model', () => {
    render(<PriceEditor />);
    expect(screen.getByText(/^Prices \(USD per million tokens, 0 overrides\)/)).toBeTruthy();
    expect(screen.getByText('@pydantic/genai-prices 0.1.8')).toBeTruthy();
    expect(screen.getByText('2026-09-23').getAttribute('dateTime')).toBe('2026-09-23');
    expect(screen.getByText('No overrides: the catalog prices every model it knows.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Price overrides' })).toBeNull();
  });

  it('shows each chosen model at the catalog’s prices, cache included, and a model the catalog lacks as cost unknown', async () => {
    useProviderStore.getState().rungEdited('smol', { provider: 'openai-compatible', model: 'llama3.1:8b', baseURL: 'http://localhost:11434/v1' });
    useProviderStore.getState().rungEdited('main', { provider: 'anthropic', model: 'claude-opus-4-6' });
    render(<PriceEditor />);
    expect(screen.getAllByText(/loading the catalog/)).toHaveLength(2);
    expect(await rungLines()).toEqual([
      'Cheap model (smol) llama3.1:8b: cost unknown: not in the catalog, and you have not priced it',
      'Main model claude-opus-4-6: $5 input · $25 output · $0.5 cache read · $6.25 cache write · $10 cache write 1h (catalog)',
    ]);
  });

  it('adds an override with a cache price, which then prices the model; the catalog’s cache prices fill what it leaves out', async () => {
    useProviderStore.getState().rungEdited('main', { provider: 'anthropic', model: 'claude-opus-4-6' });
    render(<PriceEditor />);
    fireEvent.change(screen.getByLabelText('New price model'), { target: { value: 'claude-opus-4-6' } });
    expect(await screen.findByText(/\(catalog\)$/, { selector: '.price-hint' })).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add price' }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText('New price input'), { target: { value: '4' } });
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('New price output'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('New price cache read'), { target: { value: '-1' } });
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('New price cache read'), { target: { value: '0.4' } });
    fireEvent.click(add);
    expect(useProviderStore.getState().prices).toEqual({ 'claude-opus-4-6': { inputPerMillion: 4, outputPerMillion: 20, cacheReadPerMillion: 0.4 } });
    const table = screen.getByRole('table', { name: 'Price overrides' });
    expect((within(table).getByLabelText('claude-opus-4-6 cache read price') as HTMLInputElement).value).toBe('0.4');
    expect(await screen.findByText(/\$4 input · \$20 output · \$0\.4 cache read · \$6\.25 cache write · \$10 cache write 1h \(your price\)/)).toBeTruthy();
  });

  it('prices a model the catalog lacks, and emptying a cache price hands it back to the catalog', async () => {
    useProviderStore.getState().pricesEdited({ 'llama3.1:8b': { inputPerMillion: 0, outputPerMillion: 0, cacheReadPerMillion: 0 } });
    useProviderStore.getState().rungEdited('main', { provider: 'openai-compatible', model: 'llama3.1:8b', baseURL: 'http://localhost:11434/v1' });
    render(<PriceEditor />);
    expect(await rungLines()).toEqual(['Main model llama3.1:8b: $0 input · $0 output · $0 cache read (your price)']);
    fireEvent.change(screen.getByLabelText('llama3.1:8b cache read price'), { target: { value: '' } });
    expect(useProviderStore.getState().prices).toEqual({ 'llama3.1:8b': { inputPerMillion: 0, outputPerMillion: 0 } });
    fireEvent.change(screen.getByLabelText('llama3.1:8b input price'), { target: { value: '' } });
    expect(useProviderStore.getState().prices['llama3.1:8b'].inputPerMillion).toBe(0);
  });

  it('removes every override at once, and the catalog prices again', async () => {
    useProviderStore.getState().pricesEdited({ 'gpt-4o': { inputPerMillion: 1, outputPerMillion: 1 } });
    render(<PriceEditor />);
    expect(screen.getByText(/1 override\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove all overrides' }));
    expect(useProviderStore.getState().prices).toEqual({});
    expect(screen.getByText('No overrides: the catalog prices every model it knows.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Remove all overrides' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the price editor’s empty cache fields (issue 28)', () => {
  beforeEach(() => {
    localStorage.clear();
    useProviderStore.setState(useProviderStore.getInitialState(), true);
  });
  afterEach(cleanup);

  it('says an empty cache price falls back to the input price for a model the catalog lacks, and to the catalog’s for one it has', async () => {
    useProviderStore.getState().pricesEdited({ 'my-local': { inputPerMillion: 0.1, outputPerMillion: 0.2 }, 'claude-opus-4-6': { inputPerMillion: 1, outputPerMillion: 2 } });
    render(<PriceEditor />);
    const placeholder = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).placeholder;
    await waitFor(() => expect(placeholder('my-local cache read price')).toBe('input price'));
    expect(placeholder('claude-opus-4-6 cache read price')).toBe('catalog');
  });
});
