// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shareEnvelopeOf } from '../../engine/config';
import { useConfigOfferStore } from '../../state/config-offer-store';
import { useConfigStore } from '../../state/config-store';
import { renderWithState, resetPage } from '../../state/render-with-state.test-support';
import { envelopeFileText } from './share-building';
import { ShareMenu } from './share-menu';
import { SharedLinkDialog } from './shared-link-dialog';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

const a = { schemaVersion: 1, profile: 'auto-compactor', contextWindow: 200_000, keepRecentTokens: 3000 };
const b = { ...a, prompts: { summary: 'Summarize tersely. Keep every file path.' } };
const experiment = envelopeFileText(shareEnvelopeOf(a, { createdWith: 'test', ab: { a, b } }));

async function offerFile(text: string): Promise<HTMLElement> {
  act(() => useConfigOfferStore.getState().configOffered({ from: 'upload', name: 'experiment.json', text }));
  return screen.findByRole('dialog', { name: 'Config file' });
}

describe('one preview for every config handed to the page', () => {
  beforeEach(() => {
    resetPage();
    useConfigOfferStore.setState(useConfigOfferStore.getInitialState(), true);
  });
  afterEach(cleanup);

  it('shows what applying an A/B pair changes in A and in B, and Apply restores both variants, B with its prompt', async () => {
    renderWithState(<SharedLinkDialog />);
    const dialog = await offerFile(experiment);
    expect(dialog.textContent).toContain('Nothing has run');
    expect(within(dialog).getByRole('group', { name: "A: the run panel's config" }).textContent).toContain('keepRecentTokens: not set → 3000');
    expect(within(dialog).getByRole('group', { name: 'B: variant B in the A/B tab' }).textContent).toContain('prompts.summary: not set → "Summarize tersely. Keep every file path."');
    expect(within(dialog).getByRole('region', { name: 'Prompt overrides in B' }).textContent).toContain('Summarize tersely.');
    expect(dialog.textContent).not.toContain('not applied');
    expect(useConfigStore.getState().variantB).toBeUndefined();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply A and B' }));
    expect(JSON.parse(useConfigStore.getState().config.text)).toEqual(a);
    expect(JSON.parse(useConfigStore.getState().variantB?.text ?? '')).toEqual(b);
    expect(useConfigOfferStore.getState().offer).toBeUndefined();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('applies nothing on Cancel, and a file that is no config says where it is wrong with Apply off', async () => {
    const before = useConfigStore.getState().config.text;
    renderWithState(<SharedLinkDialog />);
    fireEvent.click(within(await offerFile(experiment)).getByRole('button', { name: 'Cancel' }));
    expect(useConfigStore.getState().config.text).toBe(before);
    expect(useConfigStore.getState().variantB).toBeUndefined();

    const refused = await offerFile('{"profile": "nope"}');
    expect(within(refused).getByRole('alert').textContent).toContain('unknown profile "nope"');
    expect(within(refused).getByRole<HTMLButtonElement>('button', { name: 'Apply config' }).disabled).toBe(true);
  });

  it('checks B as it checks A: an unknown profile in B is named in the B group and Apply is off', async () => {
    renderWithState(<SharedLinkDialog />);
    const dialog = await offerFile(envelopeFileText(shareEnvelopeOf(a, { createdWith: 'test', ab: { a, b: { profile: 'nope' } } })));
    expect(within(within(dialog).getByRole('group', { name: 'B: variant B in the A/B tab' })).getByRole('alert').textContent).toContain('ab.b.profile: unknown profile "nope"');
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Apply A and B' }).disabled).toBe(true);
  });

  it('applies the pair’s A, as the preview and the CLI’s ab name it, and says where the envelope’s config differs', async () => {
    renderWithState(<SharedLinkDialog />);
    const other = { ...a, keepRecentTokens: 9000 };
    const dialog = await offerFile(envelopeFileText(shareEnvelopeOf(other, { createdWith: 'test', ab: { a, b } })));
    expect(dialog.textContent).toContain("This envelope's config and ab.a differ (at keepRecentTokens)");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply A and B' }));
    expect(JSON.parse(useConfigStore.getState().config.text)).toEqual(a);
  });

  it('gives the focus back to what opened the preview on Cancel and on Escape', async () => {
    renderWithState(<><button type="button">Open file…</button><SharedLinkDialog /></>);
    const openFile = screen.getByRole('button', { name: 'Open file…' });
    openFile.focus();
    fireEvent.click(within(await offerFile(experiment)).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(openFile);

    openFile.focus();
    fireEvent(await offerFile(experiment), new Event('cancel'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(openFile);
  });

  it('gives the focus to the Share config button after Apply when the Upload config button went with its panel', async () => {
    renderWithState(<><ShareMenu /><SharedLinkDialog /></>);
    fireEvent.click(screen.getByRole('button', { name: 'Share config' }));
    screen.getByRole('button', { name: 'Upload config' }).focus();
    // What the panel does with a chosen file: hands it over and closes.
    act(() => {
      useConfigOfferStore.getState().configOffered({ from: 'upload', name: 'experiment.json', text: experiment });
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Config file' })).getByRole('button', { name: 'Apply A and B' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Share config' }));
  });
});

