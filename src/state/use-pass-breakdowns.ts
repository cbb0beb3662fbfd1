import { resultIdentity } from './result-identity';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RunResult } from '../engine/run/events';
import type { EncodingName } from '../engine/tokens/token-counter';
import { labClient } from '../worker-client/lab-client';
import type { PassBreakdown } from '../worker-client/protocol';

/**
 * Exact tokens by kind of the original and of each pass of `result`, counted in the worker in `encoding`. The worker
 * holds the last finished run, so while a newer run is going it may still answer with older passes: only as many
 * passes as `result` has are kept. `isWanted` false asks nothing (the caller has the totals already).
 */
export function usePassBreakdowns(transcriptKey: string | undefined, encoding: EncodingName, result: RunResult | undefined, isWanted = true) {
  const query = useQuery({
    queryKey: ['pass-breakdowns', transcriptKey, encoding, resultIdentity(result)],
    queryFn: () => labClient.breakdownPasses(transcriptKey as string, encoding),
    enabled: transcriptKey !== undefined && isWanted,
    staleTime: Infinity,
  });
  const passCount = result?.passes.length ?? 0;
  // Kept by identity between renders, so the chart drawn from it is not redrawn when nothing changed.
  const breakdowns: PassBreakdown[] = useMemo(() => query.data?.slice(0, passCount + 1) ?? [], [query.data, passCount]);
  return { breakdowns, isCounting: query.isFetching, error: query.error instanceof Error ? query.error.message : undefined };
}
