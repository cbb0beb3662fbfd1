// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigEditor } from '../features/config-editor/config-editor';
import { VariantB } from '../features/ab/variant-editors';
import { renderWithState, resetPage } from '../state/render-with-state.test-support';

vi.mock('../worker-client/lab-client', () => import('../state/in-process-lab-client.test-support'));

describe("A/B's line about the prompt open in B, with the app's editor for B", () => {
  beforeEach(resetPage);
  afterEach(cleanup);

  it('says the prompt is open below only while it is: Done or Escape takes the line away', () => {
    renderWithState(<VariantB disabled={false} editor={(props) => <ConfigEditor target="variantB" initialMode="raw" {...props} />} />);
    const editor = screen.getByRole('region', { name: 'Variant B editor' });
    for (const close of ['Escape', 'Done'] as const) {
      fireEvent.click(screen.getByRole('button', { name: 'Edit a prompt in B' }));
      expect(screen.getByRole('status', { name: 'Prompt opened in B' }).textContent).toContain('open below');
      const prompt = within(editor).getByRole('textbox', { name: 'First summary (compaction/summary) override' });
      if (close === 'Escape') fireEvent.keyDown(prompt, { key: 'Escape' });
      else fireEvent.click(within(editor).getByRole('button', { name: 'Done' }));
      expect(within(editor).queryByRole('textbox', { name: 'First summary (compaction/summary) override' })).toBeNull();
      expect(screen.queryByRole('status', { name: 'Prompt opened in B' })).toBeNull();
    }
  });
});
