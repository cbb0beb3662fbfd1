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
  it('opens folded to its one-line tally, unfolds to its list, and a new mount keeps the choice for the session', () => {
    const first = render(panel());
    const details = () => screen.getByText(/^Pinned lines: 1 of 1 present/).closest('details')!;
    expect(details().open).toBe(false);
    setOpen(details(), true);
    expect(sessionStorage.getItem('compaction-lab/pinned-lines-open')).toBe('true');
    first.unmount();
    render(panel());
    expect(details().open).toBe(true);
    setOpen(details(), false);
    expect(sessionStorage.getItem('compaction-lab/pinned-lines-open')).toBe('false');
  });

  it('opens by itself, marked, when a pinned line is missing, and its tally counts the missing line', () => {
    const lost: PinnedLineStatus[] = [...statuses, { line: 'never push to main', skills: [], locations: [] }];
    render(<PinnedLinesPanel statuses={lost} nameLocation={() => ({ name: 'summary', isSummary: true })} hasSummary onJumpToOutput={() => undefined} />);
    const details = screen.getByText(/^Pinned lines: 1 of 2 present/).closest('details')!;
    expect(details.open).toBe(true);
    expect(details.className).toContain('is-losing');
    expect(details.querySelector('summary')!.textContent).toContain('1 missing');
  });
});
