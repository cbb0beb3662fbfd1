// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConfigStore } from '../../state/config-store';
import { renderWithState, resetPage } from '../../state/render-with-state.test-support';
import { useLabStore } from '../../state/store';
import { RunPanel } from './run-panel';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

beforeEach(() => resetPage());
afterEach(() => cleanup());

describe('the run panel', () => {
  it('shows the profile the config runs with, also when the config was edited to name another', () => {
    renderWithState(<RunPanel />);
    const picker = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Profile' });
    expect(picker.value).toBe('auto-compactor');
    act(() => useConfigStore.getState().configEdited(JSON.stringify({ profile: 'two-tier', tokenThreshold: 20_000 })));
    expect(picker.value).toBe('two-tier');
    // The chosen name is shown whole in the picker's face (a select would cut it), the origin on the line below.
    expect(document.querySelector('[data-select-face]')?.textContent).toBe('Mask old tool output, summarize past a hard limit');
    expect(screen.getByText(/^after Harn's AutoCompactConfig \(Rust\) · id/).textContent).toBe("after Harn's AutoCompactConfig (Rust) · id two-tier");
    act(() => useConfigStore.getState().configEdited('{"profile": "two-tier",'));
    expect(picker.value, 'a broken text keeps the picked profile').toBe('auto-compactor');
  });
});

describe('the run’s window in the run panel', () => {
  const link = () => screen.getByTestId('window-link');
  const ownWindow = () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'Use a different window for this run' });

  it('is inherited from the page while the config sets none, and the config JSON says so', async () => {
    act(() => useLabStore.getState().contextWindowChosen(128_000));
    renderWithState(<RunPanel />);
    expect(ownWindow().checked).toBe(false);
    expect(link().textContent).toContain("Window inherited from the page's context window (128,000, set in the header)");
    expect(screen.getByTestId('inherited-window').textContent).toContain('No "window" here: the run inherits the page\'s context window, 128,000 tokens');
    // The worker checks the config as it will run: the greyed Window field shows the page's window in force.
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Window' }).getAttribute('placeholder')).toBe('128,000'));
    act(() => useLabStore.getState().contextWindowChosen(64_000));
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Window' }).getAttribute('placeholder')).toBe('64,000'));
    expect(JSON.parse(useConfigStore.getState().config.text)).not.toHaveProperty('window');
  });

  it('becomes the run’s own when chosen, names both when they differ, and is inherited again when unchosen', async () => {
    act(() => useLabStore.getState().contextWindowChosen(128_000));
    renderWithState(<RunPanel />);
    fireEvent.click(ownWindow());
    expect(useConfigStore.getState().config.document).toMatchObject({ window: 128_000 });
    await waitFor(() => expect(link().textContent).toContain("This run's window is its own (128,000, the page's too for now)."));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Window' }), { target: { value: '40000' } });
    await waitFor(() => expect(link().textContent).toContain("This run uses a 40,000-token window; the page's is 128,000."));
    expect(useLabStore.getState().contextWindow).toBe(128_000);
    expect(screen.queryByTestId('inherited-window')).toBeNull();
    fireEvent.click(ownWindow());
    expect(useConfigStore.getState().config.document).not.toHaveProperty('window');
    expect(link().textContent).toContain('Window inherited');
  });

  it('says when the config leaves the window to the profile', async () => {
    act(() => useConfigStore.getState().configEdited(JSON.stringify({ profile: 'two-tier', contextWindow: null })));
    renderWithState(<RunPanel />);
    await waitFor(() => expect(link().textContent).toContain('The config leaves the window to the profile (none, so its thresholds are not adapted to a window)'));
    expect(ownWindow().checked).toBe(true);
  });
});
