// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { factCategories, measureRetention, type CategoryRetention, type FactCategory } from '../../engine';
import { useLabStore } from '../../state/store';
import { loadFixture, renderWithState, resetPage, runOnPage } from '../../state/render-with-state.test-support';
import { NeedWeightedSection } from './need-weighted-section';
import { describeNeedWeighted, sourceIndexes } from './retention-rows';
import { RetentionView } from './retention-view';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

beforeEach(resetPage);
afterEach(cleanup);

describe('Needed later in the Retention tab', () => {
  it('shows the pass’s need-weighted share and links each lost needed fact to its source and to where it was used', async () => {
    const { transcript } = await loadFixture('claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl');
    const result = await runOnPage({ profile: 'auto-compactor', window: 60_000 });
    const needWeighted = measureRetention(transcript, result, []).at(-1)?.needWeighted;
    if (!needWeighted) throw new Error('the run must leave messages after its compacted part');
    expect(needWeighted.lost.length).toBeGreaterThan(0);
    renderWithState(<RetentionView probes={() => null} />);
    const section = await screen.findByRole('region', { name: 'Needed later' });
    await waitFor(() => expect(section.textContent).toContain(describeNeedWeighted(needWeighted)));
    expect(section.textContent).toMatch(/Needed later: \d+(\.\d)?% \(\d+ of \d+ facts the transcript used after the compacted part\)/);
    const lost = within(section).getByRole('list', { name: 'Lost needed facts' });
    expect(within(lost).getAllByRole('listitem').filter((item) => item.classList.contains('lost-fact'))).toHaveLength(needWeighted.lost.length);
    const [first] = needWeighted.lost;
    const indexOf = sourceIndexes(transcript.messages);
    const usedIndex = indexOf.get(first.usedAt[0]) ?? -1;
    const sourceIndex = indexOf.get(first.sourceMessageId) ?? -1;
    expect(usedIndex).toBeGreaterThan(sourceIndex);
    fireEvent.click(within(lost).getAllByRole('button', { name: new RegExp(`^Show message ${usedIndex + 1}, where .* was used later`) })[0]);
    expect(useLabStore.getState().focusedIndex).toBe(usedIndex);
    fireEvent.click(within(lost).getAllByRole('button', { name: new RegExp(`^Show message ${sourceIndex + 1}, the source of`) })[0]);
    expect(useLabStore.getState().focusedIndex).toBe(sourceIndex);
  });

  it('says in words when nothing comes after the compacted part, or nothing of it was used again', () => {
    renderWithState(<NeedWeightedSection needWeighted={undefined} indexOf={new Map()} />);
    expect(screen.getByRole('region', { name: 'Needed later' }).textContent).toContain('Needed later: not measured — nothing in the transcript comes after the messages this pass compacted');
    cleanup();
    const nothing = { score: 1, needed: 0, kept: 0, nothingNeeded: true, byCategory: Object.fromEntries(factCategories.map((category) => [category, { total: 0, kept: 0 }])) as Record<FactCategory, CategoryRetention>, lost: [], laterFrom: 'm9', laterMessages: 2 };
    renderWithState(<NeedWeightedSection needWeighted={nothing} indexOf={new Map([['m9', 8]])} />);
    expect(screen.getByRole('region', { name: 'Needed later' }).textContent).toContain('Needed later: nothing — the 2 source messages after the compacted part (from message 9) use none of the compacted part');
    expect(screen.queryByRole('list', { name: 'Lost needed facts' })).toBeNull();
  });
});
