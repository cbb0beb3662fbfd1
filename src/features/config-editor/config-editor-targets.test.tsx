// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConfigStore } from '../../state/config-store';
import { useRunStore } from '../../state/run-store';
import { renderWithState, resetPage } from '../../state/render-with-state.test-support';
import { ConfigEditor } from './config-editor';
import type { PromptRequest } from './prompt-request';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

/** B's editor in raw mode, and a button that asks it for the summary prompt (as A/B's "Edit a prompt in B" does). */
function AskedForPrompt() {
  const [request, setRequest] = useState<PromptRequest>();
  return (
    <>
      <button type="button" onClick={() => setRequest({ slotId: 'summary', serial: (request?.serial ?? 0) + 1 })}>Ask for the summary prompt</button>
      <ConfigEditor target="variantB" initialMode="raw" promptRequest={request} />
    </>
  );
}

const documentOf = (text: string | undefined): unknown => (text === undefined ? undefined : JSON.parse(text));

describe('the config editor on either document', () => {
  beforeEach(resetPage);
  afterEach(cleanup);

  it("on the run panel's config (the Config tab) writes that config and leaves B a copy of it", async () => {
    renderWithState(<ConfigEditor />);
    const editor = screen.getByRole('region', { name: 'Config editor' });
    expect(within(editor).getByLabelText('Preset')).toBeTruthy();
    fireEvent.change(await within(editor).findByLabelText('keepRecentTokens'), { target: { value: '300' } });
    expect(documentOf(useConfigStore.getState().config.text)).toMatchObject({ keepRecentTokens: 300 });
    expect(useConfigStore.getState().variantB).toBeUndefined();
  });

  it("on variant B writes only B's document, starting from A's, and offers no preset (it would rewrite A's profile)", async () => {
    const textA = useConfigStore.getState().config.text;
    renderWithState(<ConfigEditor target="variantB" />);
    const editor = screen.getByRole('region', { name: 'Variant B editor' });
    expect(within(editor).queryByLabelText('Preset')).toBeNull();
    fireEvent.change(await within(editor).findByLabelText('keepRecentTokens'), { target: { value: '300' } });
    expect(useConfigStore.getState().config.text).toBe(textA);
    expect(documentOf(useConfigStore.getState().variantB?.text)).toEqual({ ...(documentOf(textA) as object), keepRecentTokens: 300 });
    fireEvent.click(within(editor).getByRole('button', { name: 'Raw JSON' }));
    expect((within(editor).getByRole('textbox', { name: 'Variant B config JSON' }) as HTMLTextAreaElement).value).toBe(useConfigStore.getState().variantB?.text);
  });

  it('opens the prompt a request names as the main editor, focused, also from Raw JSON; Escape brings the form back', async () => {
    renderWithState(<AskedForPrompt />);
    const editor = screen.getByRole('region', { name: 'Variant B editor' });
    expect(within(editor).queryByRole('region', { name: 'First summary (compaction/summary)' })).toBeNull();
    const ask = screen.getByRole('button', { name: 'Ask for the summary prompt' });
    ask.focus();
    fireEvent.click(ask);
    const prompt = within(editor).getByRole('textbox', { name: 'First summary (compaction/summary) override' });
    await waitFor(() => expect(document.activeElement).toBe(prompt));
    // The prompt is the editor: the form is gone, the default is beside it to compare.
    expect(within(editor).queryByRole('group', { name: 'Editing mode' })).toBeNull();
    expect(within(editor).getByLabelText('The default First summary (compaction/summary)').textContent).toContain('## Goal');
    fireEvent.keyDown(prompt, { key: 'Escape' });
    expect(within(editor).getByRole('button', { name: 'Form' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(editor).queryByRole('textbox', { name: 'First summary (compaction/summary) override' })).toBeNull();
    expect(document.activeElement).toBe(ask);
  });

  it("opens a prompt from the Config tab's list as the main editor, and Done gives the focus back to its Edit button", async () => {
    renderWithState(<ConfigEditor />);
    const editor = screen.getByRole('region', { name: 'Config editor' });
    fireEvent.click(within(editor).getByRole('button', { name: /Prompt overrides/ }));
    fireEvent.click(within(editor).getByRole('button', { name: 'Edit First summary (compaction/summary)' }));
    const prompt = within(editor).getByRole('textbox', { name: 'First summary (compaction/summary) override' });
    await waitFor(() => expect(document.activeElement).toBe(prompt));
    fireEvent.change(prompt, { target: { value: 'Sum up.' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Done' }));
    expect(documentOf(useConfigStore.getState().config.text)).toMatchObject({ prompts: { summary: 'Sum up.' } });
    await waitFor(() => expect(document.activeElement).toBe(within(editor).getByRole('button', { name: 'Edit First summary (compaction/summary)' })));
    expect(within(editor).getByRole('region', { name: 'First summary (compaction/summary)' }).textContent).toContain('Yours: “Sum up.”');
  });

  it('while a run goes, an open prompt is read-only yet Done and Escape still leave it', async () => {
    renderWithState(<ConfigEditor />);
    const editor = screen.getByRole('region', { name: 'Config editor' });
    fireEvent.click(within(editor).getByRole('button', { name: /Prompt overrides/ }));
    fireEvent.click(within(editor).getByRole('button', { name: 'Edit First summary (compaction/summary)' }));
    const prompt = within(editor).getByRole<HTMLTextAreaElement>('textbox', { name: 'First summary (compaction/summary) override' });
    fireEvent.change(prompt, { target: { value: 'Sum up.' } });
    act(() => useRunStore.setState({ status: 'running' }));
    expect(prompt.readOnly).toBe(true);
    expect(prompt.matches(':disabled')).toBe(false);
    expect(within(editor).getByRole('button', { name: 'Reset First summary (compaction/summary)' }).matches(':disabled')).toBe(true);
    expect(within(editor).getByRole('button', { name: 'Done' }).matches(':disabled')).toBe(false);
    fireEvent.keyDown(prompt, { key: 'Escape' });
    expect(within(editor).queryByRole('textbox', { name: 'First summary (compaction/summary) override' })).toBeNull();
    expect(documentOf(useConfigStore.getState().config.text)).toMatchObject({ prompts: { summary: 'Sum up.' } });
  });
});
