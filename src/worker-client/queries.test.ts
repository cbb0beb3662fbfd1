import { QueryObserver, type QueryObserverResult } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { listFixtureFiles, readFixture } from '../engine/formats/fixture-files.test-support';
import { queryClient } from '../state/query-client';
import { labClient } from './lab-client';
import { probePlanQuery, versusQuery } from './queries';
import { isCancelledAnswer, refusalOf, unwrap } from './reply';

vi.mock('./lab-client', () => import('../state/in-process-lab-client.test-support'));

const session = listFixtureFiles().find((name) => name.startsWith('claude-code__fa812bfe-')) ?? '';
const truncating = { profile: 'two-tier', tokenThreshold: 20_000, compactStrategy: 'truncate' };

/** Watches a query as a view does (under the page's own query client, retries as the page sets them) until it settles. */
function settled<Result extends QueryObserverResult<unknown>>(observer: { subscribe(listener: (result: Result) => void): () => void; getCurrentResult(): Result }): Promise<Result> {
  return new Promise((resolve) => {
    const unsubscribe = observer.subscribe((result) => {
      if (result.status === 'pending') return;
      unsubscribe();
      resolve(result);
    });
    // Mounting fetched nothing (the query had settled already): what it shows now is its answer.
    const current = observer.getCurrentResult();
    if (current.status !== 'pending' && !current.isFetching) {
      unsubscribe();
      resolve(current);
    }
  });
}

describe('the page’s queries over worker refusals', () => {
  it('fails a probe plan of a pass with nothing to probe with the worker’s words at once: asked once, not again when shown again', async () => {
    const { transcriptKeys } = unwrap(await labClient.importText(readFixture(session), session));
    const { resultId } = unwrap(await labClient.compact({ transcriptKey: transcriptKeys[0], config: truncating }, () => undefined));
    const asked = vi.spyOn(labClient, 'planProbes');
    const options = probePlanQuery({ resultId, pass: 7, options: { questions: 'facts', perKind: 1 }, encoding: 'o200k_base' }, 0);
    const first = await settled(new QueryObserver(queryClient, options));
    expect(first.error?.message).toBe('The run has no pass 7 to probe.');
    expect(refusalOf(first.error)?.code).toBe('nothing-to-probe');
    // The panel shown again (another observer mounts) reads the same refusal instead of asking the worker again.
    const again = await settled(new QueryObserver(queryClient, options));
    expect(again.error).toBe(first.error);
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('fails a comparison with nothing to compare against with the worker’s refusal, and a superseded one with the one cancel, kept as no answer', async () => {
    const transcriptKey = unwrap(await labClient.importText(readFixture(session), session)).transcriptKeys[0];
    const refused = await settled(new QueryObserver(queryClient, versusQuery({ transcriptKey, config: { profile: 'rolling-summary' }, boundary: 2 })));
    expect(refusalOf(refused.error)).toEqual({ code: 'no-such-boundary', message: 'there is no compaction 2: this transcript holds only compaction 1 by the agent', isRetryable: false });
    // A newer comparison cancels the running one in the worker: the older query fails as cancelled and caches nothing.
    const older = versusQuery({ transcriptKey, config: { profile: 'auto-compactor' } });
    const superseded = queryClient.fetchQuery(older).then(() => undefined, (error: unknown) => error);
    const newer = await queryClient.fetchQuery(versusQuery({ transcriptKey, config: { profile: 'rolling-summary' } }));
    expect(newer.compared).toBe(true);
    expect(isCancelledAnswer(await superseded)).toBe(true);
    expect(queryClient.getQueryData(older.queryKey)).toBeUndefined();
  });
});
