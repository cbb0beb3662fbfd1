// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { promptSlotsOf, withValueAt, type ConfigDocument } from '../../engine/config';
import { PromptFocusEditor } from './prompt-focus-editor';
import { PromptOverrides } from './prompt-overrides';

describe('prompt overrides: the texts that frame pinned lines', () => {
  afterEach(cleanup);

  it.each(['auto-compactor', 'unified'] as const)('%s lists the pinned block header and the carrier intro beside its prompts, each opening its own editor', (profile) => {
    const onEdit = vi.fn<(slotId: string) => void>();
    const onDocument = vi.fn<(document: ConfigDocument) => void>();
    render(<PromptOverrides profile={profile} document={{ profile, prompts: { pinnedCarrierIntro: 'Keep these:' } }} onDocument={onDocument} onEdit={onEdit} />);
    const header = screen.getByRole('region', { name: 'Pinned block header (fixed text upstream)' });
    const intro = screen.getByRole('region', { name: 'Pinned-lines message intro (fixed text upstream)' });
    expect(within(header).getByText(/operative_pins\.dart/)).toBeTruthy();
    fireEvent.click(within(header).getByRole('button', { name: /^Edit / }));
    expect(onEdit).toHaveBeenLastCalledWith('pinnedBlockHeader');
    expect(intro.textContent).toContain('Yours: “Keep these:”');
    fireEvent.click(within(intro).getByRole('button', { name: /^Reset / }));
    expect(onDocument.mock.lastCall?.[0]).not.toHaveProperty(['prompts', 'pinnedCarrierIntro']);
  });

  it.each(['auto-compactor', 'unified'] as const)('%s: the prompt opened as the main editor writes its own config path', (profile) => {
    const onDocument = vi.fn<(document: ConfigDocument) => void>();
    const slot = promptSlotsOf(profile).find((candidate) => candidate.id === 'pinnedBlockHeader');
    if (!slot) throw new Error('no pinned block header slot');
    render(<PromptFocusEditor slot={slot} document={{ profile }} onDocument={onDocument} onDone={() => {}} focusSerial={1} />);
    fireEvent.change(screen.getByRole('textbox', { name: `${slot.label} override` }), { target: { value: 'OUR PINS:' } });
    expect(onDocument).toHaveBeenLastCalledWith({ profile, prompts: { pinnedBlockHeader: 'OUR PINS:' } });
  });

  it("the prompt's row and its main editor block a run in the same words", () => {
    const slot = promptSlotsOf('two-tier').find((candidate) => candidate.label === 'Summarize template');
    if (!slot) throw new Error('no summarize template slot');
    const document = withValueAt({ profile: 'two-tier' }, slot.path, 'Summarize {formatted} and {{formated_messages}}.');
    const row = render(<PromptOverrides profile="two-tier" document={document} onDocument={() => {}} onEdit={() => {}} />);
    const rowAlerts = within(row.container).getAllByRole('alert').map((alert) => alert.textContent);
    row.unmount();
    render(<PromptFocusEditor slot={slot} document={document} onDocument={() => {}} onDone={() => {}} focusSerial={1} />);
    expect(rowAlerts).toHaveLength(2);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(rowAlerts);
  });
});
