import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBatcher } from './batcher';

afterEach(() => {
  vi.useRealTimers();
});

describe('createBatcher', () => {
  it('runs the work once per interval however often it is asked', () => {
    vi.useFakeTimers();
    const work = vi.fn();
    const batcher = createBatcher(work, 200);
    for (let ask = 0; ask < 100; ask++) batcher.schedule();
    vi.advanceTimersByTime(199);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
    batcher.schedule();
    batcher.schedule();
    vi.advanceTimersByTime(200);
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('flush runs a pending ask at once and only then; cancel forgets it', () => {
    vi.useFakeTimers();
    const work = vi.fn();
    const batcher = createBatcher(work, 200);
    batcher.flush();
    expect(work).not.toHaveBeenCalled();
    batcher.schedule();
    batcher.flush();
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(400);
    expect(work).toHaveBeenCalledTimes(1);
    batcher.schedule();
    batcher.cancel();
    vi.advanceTimersByTime(400);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
