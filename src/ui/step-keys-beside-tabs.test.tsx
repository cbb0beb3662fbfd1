// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs } from './tabs';
import { useStepKeys } from './use-step-keys';

afterEach(cleanup);

/** A page with tabs and a pass counter that ←/→ step, as the app has. */
function Page() {
  const [chosen, setChosen] = useState('one');
  const [pass, setPass] = useState(0);
  useStepKeys('ArrowRight', 'ArrowLeft', (direction) => setPass((current) => current + direction));
  const tabs = ['one', 'two', 'three'].map((id) => ({ id, label: id, content: <p>panel {id}</p> }));
  return (
    <>
      <output aria-label="Pass">{pass}</output>
      <input aria-label="Name" />
      <Tabs label="Views" tabs={tabs} chosen={chosen} onChoose={setChosen} />
    </>
  );
}

/** What a mouse does to a tab: press, then click. */
function clickWithMouse(element: HTMLElement): void {
  fireEvent.mouseDown(element);
  fireEvent.click(element);
}

function press(key: string): void {
  act(() => void fireEvent.keyDown(document.activeElement ?? document.body, { key }));
}

describe('the stepping keys beside tabs', () => {
  it('step after a tab is clicked: the click chooses the tab without taking focus, and leaves a text field', () => {
    render(<Page />);
    screen.getByRole('textbox', { name: 'Name' }).focus();
    clickWithMouse(screen.getByRole('tab', { name: 'two' }));
    expect(screen.getByRole('tab', { name: 'two' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(document.body);
    press('ArrowRight');
    press('ArrowRight');
    press('ArrowLeft');
    expect(screen.getByRole('status', { name: 'Pass' }).textContent).toBe('1');
    expect(screen.getByRole('tab', { name: 'two' }).getAttribute('aria-selected')).toBe('true');
  });

  it('leave the arrows to a tab that has keyboard focus, and to a text field', () => {
    render(<Page />);
    const one = screen.getByRole('tab', { name: 'one' });
    one.focus();
    press('ArrowRight');
    expect(screen.getByRole('tab', { name: 'two' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'two' }));
    press('End');
    expect(screen.getByRole('tab', { name: 'three' }).getAttribute('aria-selected')).toBe('true');
    screen.getByRole('textbox', { name: 'Name' }).focus();
    press('ArrowLeft');
    expect(screen.getByRole('status', { name: 'Pass' }).textContent).toBe('0');
  });
});
