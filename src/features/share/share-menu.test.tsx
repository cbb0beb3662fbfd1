// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useConfigStore } from '../../state/config-store';
import { ShareMenu } from './share-menu';

describe('the Share panel closes the way a menu does', () => {
  beforeEach(() => useConfigStore.setState(useConfigStore.getInitialState(), true));
  afterEach(cleanup);

  it('closes on a press outside it, and stays open on a press inside it', () => {
    render(<><ShareMenu /><p>elsewhere on the page</p></>);
    fireEvent.click(screen.getByRole('button', { name: 'Share config' }));
    const panel = screen.getByRole('region', { name: 'Share' });
    act(() => void panel.querySelector('p')?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })));
    expect(screen.queryByRole('region', { name: 'Share' })).not.toBeNull();
    act(() => void screen.getByText('elsewhere on the page').dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })));
    expect(screen.queryByRole('region', { name: 'Share' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Share config' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape and gives the focus back to its button', () => {
    render(<ShareMenu />);
    const button = screen.getByRole('button', { name: 'Share config' });
    fireEvent.click(button);
    screen.getByRole('button', { name: 'Copy share link' }).focus();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Share' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
