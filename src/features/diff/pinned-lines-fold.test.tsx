// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PinnedLinesPanel } from './pinned-lines-panel';
import type { PinnedLineStatus } from './pinned-lines';

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

const statuses: PinnedLineStatus[] = [{ line: 'run the tests before every commit', skills: [], locations: [2] }];
const panel = () => <PinnedLinesPanel statuses={statuses} nameLocation={() => ({ name: 'summary', isSummary: true })} hasSummary onJumpToOutput={() => undefined} />;

/** Folds or opens the panel as a click on its summary does: the element's `open` changes, then `toggle` fires. */
function setOpen(details: HTMLDetailsElement, open: boolean): void {
  act(() => {
    details.open = open;
    details.dispatchEvent(new Event('toggle'));
  });
}

describe('the pinned lines panel', () => {
  it('opens with its list, folds to its one-line tally, and a new mount keeps the fold for the session', () => {
    const first = render(panel());
    const details = () => screen.getByText(/^Pinned lines: 1 of 1 present/).closest('details')!;
    expect(details().open).toBe(true);
    setOpen(details(), false);
    expect(sessionStorage.getItem('compaction-lab/pinned-lines-open')).toBe('false');
    first.unmount();
    render(panel());
    expect(details().open).toBe(false);
    setOpen(details(), true);
    expect(sessionStorage.getItem('compaction-lab/pinned-lines-open')).toBe('true');
  });
});
