import { describe, expect, it } from 'vitest';
import { latest } from './latest';

describe('latest (the latest request wins)', () => {
  it('supersedes the request before: its work is aborted and its answer may no longer land', () => {
    const series = latest();
    const older = series.next();
    expect(older.isCurrent()).toBe(true);
    expect(older.signal.aborted).toBe(false);
    const newer = series.next();
    expect(older.isCurrent()).toBe(false);
    expect(older.signal.aborted).toBe(true);
    expect(newer.isCurrent()).toBe(true);
    expect(newer.signal.aborted).toBe(false);
  });

  it('cancel stops the work but keeps the request current, so its cancelled answer still lands', () => {
    const series = latest();
    const request = series.next();
    series.cancel();
    expect(request.signal.aborted).toBe(true);
    expect(request.isCurrent()).toBe(true);
  });

  it('forget stops the work and drops the answer; the next request is current again', () => {
    const series = latest();
    const request = series.next();
    series.forget();
    expect(request.signal.aborted).toBe(true);
    expect(request.isCurrent()).toBe(false);
    expect(series.next().isCurrent()).toBe(true);
  });

  it('keeps separate series apart', () => {
    const imports = latest();
    const runs = latest();
    const run = runs.next();
    imports.next();
    imports.forget();
    expect(run.isCurrent()).toBe(true);
    expect(run.signal.aborted).toBe(false);
  });
});
