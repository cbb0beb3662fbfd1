// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CellKey } from './experiment-view-types';
import { aggregateOf, doneCell } from './experiment-view.test-support';
import { ResultsGrid } from './results-grid';

afterEach(() => cleanup());

const cells = [doneCell('one.jsonl', 'A', 30_000, 0.8), doneCell('one.jsonl', 'B', 20_000, 0.9)];

function Grid({ handlers }: { handlers: { onOpenInInspector(cell: CellKey): void; onOpenInSession(cell: CellKey): void; onCompare(left: CellKey, right: CellKey): void } }) {
  const [pick, setPick] = useState<CellKey>();
  return <ResultsGrid transcripts={['one.jsonl']} configs={['A', 'B']} cells={cells} aggregates={['A', 'B'].map((config) => aggregateOf(config, cells))} hasAssertions={false} comparePick={pick} onComparePick={setPick} {...handlers} />;
}

describe('a grid cell’s menu', () => {
  it('opens the run in the inspector or the Session view, and compares two cells picked one after the other', () => {
    const handlers = { onOpenInInspector: vi.fn(), onOpenInSession: vi.fn(), onCompare: vi.fn() };
    render(<Grid handlers={handlers} />);
    const first = screen.getByRole('button', { name: 'Run of one.jsonl under A' });
    expect(first.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(first);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Open in inspector' }));
    expect(handlers.onOpenInInspector).toHaveBeenCalledWith({ transcript: 'one.jsonl', config: 'A' });
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(first);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Open in Session' }));
    expect(handlers.onOpenInSession).toHaveBeenCalledWith({ transcript: 'one.jsonl', config: 'A' });
    fireEvent.click(first);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Compare…' }));
    expect(screen.getByRole('status').textContent).toContain('Comparing one.jsonl under A');
    fireEvent.click(screen.getByRole('button', { name: 'Run of one.jsonl under B' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Compare with one.jsonl under A' }));
    expect(handlers.onCompare).toHaveBeenCalledWith({ transcript: 'one.jsonl', config: 'A' }, { transcript: 'one.jsonl', config: 'B' });
  });

  it('says a config without assertions has none to pass', () => {
    render(<Grid handlers={{ onOpenInInspector: vi.fn(), onOpenInSession: vi.fn(), onCompare: vi.fn() }} />);
    expect(screen.getByTestId('aggregate-A').textContent).toContain('1 of 1 cells ran; no assertions to pass');
  });
});
