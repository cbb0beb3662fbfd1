// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFixture, renderWithState, resetPage } from '../../state/render-with-state.test-support';
import { ContextLine } from './context-line';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

beforeEach(() => resetPage());
afterEach(() => cleanup());

describe('the header’s context figure', () => {
  it('names the whole file and shows the context as the agent last held it beside it, on the same basis', async () => {
    // The bundled sample: 140,594 o200k tokens in the file, 37,159 from its one compaction's summary on, + 18,187 overhead.
    await loadFixture('claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl');
    renderWithState(<ContextLine />);
    expect(screen.getByTestId('context-tokens').textContent).toBe('158,781 context tokens in the whole file');
    expect(screen.getByTestId('last-held-tokens').textContent).toBe(
      "· 55,346 as the agent last held it (70 messages, 37,159 o200k_base tokens: compaction 1's summary and everything after it; on the same basis as the whole file)",
    );
    expect(screen.getByTestId('unstored-overhead').textContent).toContain('18,187 for the system prompt and tools not in the file');
  });

  it('shows one figure, not named a whole file, when the agent never compacted', async () => {
    await loadFixture('claude-code__tool_heavy.jsonl');
    renderWithState(<ContextLine />);
    expect(screen.getByTestId('context-tokens').textContent).toBe('28,187 context tokens');
    expect(screen.queryByTestId('last-held-tokens')).toBeNull();
  });
});
