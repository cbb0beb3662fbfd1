// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PageSwitch } from './page-switch';
import { usePageView } from './use-page-view';

function Page() {
  const [view, setView] = usePageView();
  return (
    <>
      <PageSwitch view={view} onChoose={setView} />
      <p data-testid="view">{view}</p>
    </>
  );
}

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => cleanup());

describe('the lab and the Experiments view', () => {
  it('keeps the chosen view in the hash, so a reload opens it again, and drops it for the lab', () => {
    render(<Page />);
    expect(screen.getByTestId('view').textContent).toBe('lab');
    fireEvent.click(screen.getByRole('button', { name: 'Experiments' }));
    expect(screen.getByRole('button', { name: 'Experiments' }).getAttribute('aria-pressed')).toBe('true');
    expect(window.location.hash).toBe('#experiments');
    cleanup();
    render(<Page />);
    expect(screen.getByTestId('view').textContent).toBe('experiments');
    fireEvent.click(screen.getByRole('button', { name: 'Lab' }));
    expect(window.location.hash).toBe('');
    expect(screen.getByTestId('view').textContent).toBe('lab');
  });

  it('opens the Experiments view for a shared experiment link, and leaves a config link to the lab', () => {
    render(<Page />);
    act(() => {
      window.location.hash = '#experiment=abc';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(screen.getByTestId('view').textContent).toBe('experiments');
    act(() => {
      window.location.hash = '#config=abc';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(screen.getByTestId('view').textContent).toBe('lab');
  });
});
