// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFixture, renderWithState, resetPage } from '../../state/render-with-state.test-support';
import { useRunStore } from '../../state/run-store';
import { useLabStore } from '../../state/store';
import { RunPanel } from './run-panel';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

beforeEach(() => resetPage());
afterEach(() => cleanup());

// The bundled sample: one compact_boundary; 140,594 o200k tokens in the file, 37,159 from the summary on, + 18,187 overhead each.
const sample = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';

describe('where the run starts', () => {
  it('offers the whole file (chosen) and the context as the agent last held it, each with its figure on the header’s basis', async () => {
    await loadFixture(sample);
    renderWithState(<RunPanel />);
    const choice = screen.getByRole('group', { name: 'Start the run from' });
    const whole = screen.getByRole<HTMLInputElement>('radio', { name: /^the whole file/ });
    const held = screen.getByRole<HTMLInputElement>('radio', { name: /^the context as the agent last held it/ });
    expect(whole.checked).toBe(true);
    expect(held.checked).toBe(false);
    expect(choice.textContent).toContain('the whole file (158,781 tokens)');
    expect(choice.textContent).toContain('the context as the agent last held it (55,346 tokens)');
  });

  it('runs on the held context when chosen, and leaves the loaded transcript whole', async () => {
    const { transcript } = await loadFixture(sample);
    renderWithState(<RunPanel />);
    act(() => {
      fireEvent.click(screen.getByRole('radio', { name: /^the context as the agent last held it/ }));
    });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /^the context as the agent last held it/ }).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Run compaction' }));
    await waitFor(() => expect(useRunStore.getState().status).not.toBe('running'), { timeout: 20_000 });
    const { startedFrom, result, problem } = useRunStore.getState();
    expect(problem).toBeUndefined();
    expect(startedFrom?.transcript.messages).toHaveLength(70);
    expect(startedFrom?.transcript.messages[0].origin).toBe('summary');
    expect(startedFrom?.label).toBe("This run started from the context as the agent last held it: its compaction 1's summary and what followed (70 messages), not the whole file");
    expect(result?.exact?.before).toBe(37159);
    expect(useLabStore.getState().imported?.transcripts[0].messages).toHaveLength(transcript.messages.length);
  });

  it('runs on the whole file by default', async () => {
    await loadFixture(sample);
    renderWithState(<RunPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Run compaction' }));
    await waitFor(() => expect(useRunStore.getState().status).not.toBe('running'), { timeout: 20_000 });
    expect(useRunStore.getState().startedFrom).toBeUndefined();
    expect(useRunStore.getState().result?.exact?.before).toBe(140594);
  });

  it('is not offered when the agent never compacted', async () => {
    await loadFixture('claude-code__tool_heavy.jsonl');
    renderWithState(<RunPanel />);
    expect(screen.queryByRole('group', { name: 'Start the run from' })).toBeNull();
  });
});
