// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConfigDocument } from '../../engine/config';
import { PromptOverrides } from './prompt-overrides';

describe('prompt overrides: the texts that frame pinned lines', () => {
  afterEach(cleanup);

  it.each(['auto-compactor', 'unified'] as const)('%s lists the pinned block header and the carrier intro beside its prompts, each writing its own config path', (profile) => {
    const onDocument = vi.fn<(document: ConfigDocument) => void>();
    render(<PromptOverrides profile={profile} document={{ profile }} onDocument={onDocument} />);
    const header = screen.getByRole('region', { name: 'Pinned block header (fixed text upstream)' });
    const intro = screen.getByRole('region', { name: 'Pinned carrier intro (fixed text upstream)' });
    expect(within(header).getByText(/operative_pins\.dart/)).toBeTruthy();
    fireEvent.change(within(header).getByRole('textbox'), { target: { value: 'OUR PINS:' } });
    expect(onDocument).toHaveBeenLastCalledWith({ profile, prompts: { pinnedBlockHeader: 'OUR PINS:' } });
    fireEvent.change(within(intro).getByRole('textbox'), { target: { value: 'Keep these:' } });
    expect(onDocument).toHaveBeenLastCalledWith({ profile, prompts: { pinnedCarrierIntro: 'Keep these:' } });
  });
});
