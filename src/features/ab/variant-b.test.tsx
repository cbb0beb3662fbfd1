// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promptSlotsOf } from '../../engine/config';
import { useConfigStore } from '../../state/config-store';
import { useProviderStore } from '../../state/provider-store';
import { VariantB } from './variant-editors';

const summaryDefault = promptSlotsOf('auto-compactor').find((slot) => slot.id === 'summary')?.defaultText;

describe("variant B's 'Edit a prompt in B'", () => {
  beforeEach(() => {
    useConfigStore.setState(useConfigStore.getInitialState(), true);
    useProviderStore.setState(useProviderStore.getInitialState(), true);
  });
  afterEach(cleanup);

  it("makes B a copy of A's config with the chosen prompt open, starting from its default, in one click", () => {
    useConfigStore.getState().configEdited(JSON.stringify({ profile: 'auto-compactor', window: 40_000, keepRecentTokens: 300 }));
    useConfigStore.getState().variantBEdited('{"profile": "two-tier"}');
    const requests: unknown[] = [];
    render(<VariantB disabled={false} editor={(props) => { requests.push(props.promptRequest); return null; }} />);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Prompt to edit in B' }).value).toBe('summary');
    fireEvent.click(screen.getByRole('button', { name: 'Edit a prompt in B' }));
    expect(JSON.parse(useConfigStore.getState().variantB?.text ?? '')).toEqual({ profile: 'auto-compactor', window: 40_000, keepRecentTokens: 300, prompts: { summary: summaryDefault } });
    expect(requests.at(-1)).toEqual({ slotId: 'summary', serial: 1 });
    expect(screen.getByRole('status', { name: 'Prompt opened in B' }).textContent).toContain('First summary');
  });

  it("keeps A's own override of the prompt, leaves a prompt with no default empty, and asks again on every click", () => {
    useConfigStore.getState().configEdited(JSON.stringify({ prompts: { summary: 'A wrote this' } }));
    const requests: unknown[] = [];
    render(<VariantB disabled={false} editor={(props) => { requests.push(props.promptRequest); return null; }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit a prompt in B' }));
    expect(JSON.parse(useConfigStore.getState().variantB?.text ?? '')).toEqual({ prompts: { summary: 'A wrote this' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Prompt to edit in B' }), { target: { value: 'customInstructions' } });
    fireEvent.click(screen.getByRole('button', { name: 'Edit a prompt in B' }));
    expect(JSON.parse(useConfigStore.getState().variantB?.text ?? '')).toEqual({ prompts: { summary: 'A wrote this' } });
    expect(requests.at(-1)).toEqual({ slotId: 'customInstructions', serial: 2 });
  });

  it('without an editor from the app, B is its raw JSON as before', () => {
    render(<VariantB disabled={false} />);
    expect(screen.queryByRole('button', { name: 'Edit a prompt in B' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Variant B config JSON' }), { target: { value: '{"window": 5}' } });
    expect(useConfigStore.getState().variantB?.document).toEqual({ window: 5 });
  });
});
