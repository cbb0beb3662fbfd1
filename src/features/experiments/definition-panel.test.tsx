// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DefinitionPanel } from './definition-panel';

afterEach(() => cleanup());

/** The lab's rule as the worker answers it: a metric it knows, an operator, a number. */
function check(text: string): string | undefined {
  const flag = /^no:(.*)$/.exec(text);
  if (flag) return undefined;
  const match = /^(\w+)(>=|<=|==|>|<)(.*)$/.exec(text);
  if (!match || match[1] !== 'needRetention') return `assertion "${text}": unknown metric`;
  return Number.isFinite(Number(match[3])) && match[3] !== '' ? undefined : `assertion "${text}": "${match[3]}" is not a number after needRetention${match[2]}`;
}

function Panel({ initial, onAddFiles = vi.fn(), onAddLink = () => undefined }: { initial: string[]; onAddFiles?: (files: File[]) => void; onAddLink?: (link: string) => string | undefined }) {
  const [assertions, setAssertions] = useState(initial);
  return (
    <DefinitionPanel
      transcripts={{ options: [{ id: 'w:1', name: 'kept.jsonl', origin: 'workspace', detail: '1.2 MB' }, { id: 's:1', name: 'sample.jsonl', origin: 'sample' }], chosen: ['w:1'], onToggle: vi.fn(), onAddFiles }}
      configs={{ options: [{ id: 'current', name: 'Current config (A)', origin: 'current' }, { id: 'preset:pi', name: 'pi preset', origin: 'preset' }], chosen: ['current'], onToggle: vi.fn(), onAddLink }}
      assertions={{
        assertions,
        metrics: [{ name: 'needRetention', description: 'need-weighted retention (0 to 1)' }],
        flags: ['over-window', 'no-op-pass'],
        onAdd: async (text) => {
          const error = check(text);
          if (!error) setAssertions((old) => [...old, text]);
          return error;
        },
        onRemove: (index) => setAssertions((old) => old.filter((_, at) => at !== index)),
      }}
      mode="compaction"
      onModeChange={vi.fn()}
    />
  );
}

describe('the experiment definition', () => {
  it('shows a bad assertion’s error inline, in the lab’s words, adds nothing, and adds it once the value reads', async () => {
    render(<Panel initial={[]} />);
    expect(screen.getByText(/^Optional: add an assertion/)).toBeTruthy();
    const value = screen.getByRole('textbox', { name: 'Value' });
    fireEvent.change(value, { target: { value: 'high' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add assertion' }));
    expect((await screen.findByRole('alert')).textContent).toBe('assertion "needRetention>=high": "high" is not a number after needRetention>=');
    expect(value.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Assertions (0)')).toBeTruthy();
    fireEvent.change(value, { target: { value: '0.75' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add assertion' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(within(screen.getByRole('list', { name: 'Assertions' })).getByText('needRetention>=0.75')).toBeTruthy();
  });

  it('adds a "no flag" assertion from its checkbox and removes assertions', async () => {
    render(<Panel initial={['needRetention>=0.8']} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'No over-window flag' }));
    await waitFor(() => expect(screen.getByText('Assertions (2)')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Remove needRetention>=0.8' }));
    expect(screen.getByText('Assertions (1)')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'No over-window flag' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'No over-window flag' }));
    expect(screen.getByText('Assertions (0)')).toBeTruthy();
  });

  it('offers the workspace, the samples and the page’s configs, takes many dropped files, and says what is wrong with a link', () => {
    const onAddFiles = vi.fn();
    render(<Panel initial={[]} onAddFiles={onAddFiles} onAddLink={() => 'the link carries no config (#config=… is missing)'} />);
    expect((within(screen.getByRole('group', { name: 'Your workspace' })).getByRole('checkbox', { name: /kept\.jsonl/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(screen.getByRole('group', { name: 'Bundled samples' })).getByRole('checkbox', { name: /sample\.jsonl/ })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Each profile’s preset' })).getByRole('checkbox', { name: 'pi preset' })).toBeTruthy();
    const files = [new File(['{}'], 'one.jsonl'), new File(['{}'], 'two.jsonl')];
    fireEvent.drop(screen.getByText(/^Transcripts/).closest('fieldset') as HTMLElement, { dataTransfer: { files, types: ['Files'] } });
    expect(onAddFiles).toHaveBeenCalledWith(files);
    fireEvent.change(screen.getByRole('textbox', { name: /Shared config link/ }), { target: { value: 'https://example.org/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add config from link' }));
    expect(screen.getByRole('alert').textContent).toBe('the link carries no config (#config=… is missing)');
  });
});
