// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithState, resetPage } from '../../state/render-with-state.test-support';
import { openReplayedCompaction } from '../../state/replay-compaction.test-support';
import { RunProgress } from './run-progress';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

beforeEach(resetPage);
afterEach(cleanup);

describe('the run progress after opening a replayed compaction', () => {
  it('says where it came from instead of timing a run the panel never made (it read "0 ms elapsed")', async () => {
    await openReplayedCompaction(1);
    renderWithState(<RunProgress />);
    const progress = screen.getByLabelText('Run progress');
    expect(progress.textContent).toBe("Opened from the session replay: its summarizer calls and cost are in the Session tab's table.");
    expect(progress.textContent).not.toMatch(/elapsed/);
  });
});
