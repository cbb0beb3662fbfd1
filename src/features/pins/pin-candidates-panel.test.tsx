// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConfigStore } from '../../state/config-store';
import { loadFixture, renderWithState, resetPage } from '../../state/render-with-state.test-support';
import { useLabStore } from '../../state/store';
import { PinCandidatesPanel } from './pin-candidates-panel';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

beforeEach(resetPage);
afterEach(cleanup);

describe('Pin candidates', () => {
  it('pins a candidate into the config with one click and jumps to its source message', async () => {
    await loadFixture('hand-written/codex-compacted.jsonl');
    const shown = vi.fn();
    renderWithState(<PinCandidatesPanel onShowMessage={shown} />);
    const list = screen.getByRole('list', { name: 'Pin candidates' });
    const line = 'Run `pnpm test` before finishing. Never edit generated files under src/gen/.';
    const item = within(list).getAllByRole('listitem').find((each) => each.textContent?.includes(line));
    if (!item) throw new Error('the AGENTS.md line must be offered');
    expect(item.textContent).toContain('instructions file');
    fireEvent.click(within(item).getByRole('button', { name: `Pin “${line}”` }));
    expect(useConfigStore.getState().config.document).toMatchObject({ operativeSkills: [{ name: 'pinned', operative: [line] }] });
    expect(within(item).getByRole('button', { name: `Pinned: ${line}` })).toHaveProperty('disabled', true);
    const source = within(item).getByRole('button', { name: /^Show message \d+, the source of/ });
    const number = Number(/^Show message (\d+)/.exec(source.getAttribute('aria-label') ?? '')?.[1]);
    fireEvent.click(source);
    expect(useLabStore.getState().focusedIndex).toBe(number - 1);
    expect(shown).toHaveBeenCalledTimes(1);
  });

  it('says pins need a profile that takes them, and disables the buttons', async () => {
    await loadFixture('hand-written/codex-compacted.jsonl');
    useConfigStore.getState().profileChosen('two-tier');
    renderWithState(<PinCandidatesPanel onShowMessage={() => undefined} />);
    expect(screen.getByRole('region', { name: 'Pin candidates' }).textContent).toContain('Pinned lines need a profile that takes them: auto-compactor or unified.');
    for (const button of screen.getAllByRole('button', { name: /^Pin “/ })) expect(button).toHaveProperty('disabled', true);
  });
});
