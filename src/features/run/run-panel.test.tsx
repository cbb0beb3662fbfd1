// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConfigStore } from '../../state/config-store';
import { renderWithState, resetPage } from '../../state/render-with-state.test-support';
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
    act(() => useConfigStore.getState().configEdited('{"profile": "two-tier",'));
    expect(picker.value, 'a broken text keeps the picked profile').toBe('auto-compactor');
  });
});
