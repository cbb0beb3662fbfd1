import { resultIdentity } from './result-identity';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RunResult } from '../engine/run/events';
import { labClient } from '../worker-client/lab-client';
import type { PassRetention } from '../engine/retention/facts';

/**
 * Fact retention and loss flags of every pass of `result`, measured in the worker. Asked only for a finished result
 * (the worker measures its latest finished run), and only as many passes as `result` has are kept, in case a newer
 * run finished in the worker meanwhile.
 */
export function useRetention(transcriptKey: string | undefined, result: RunResult | undefined) {
  const query = useQuery({
    queryKey: ['retention', transcriptKey, result ? resultIdentity(result) : 0],
    queryFn: () => labClient.measureRetention(transcriptKey as string),
    enabled: transcriptKey !== undefined && result !== undefined,
    staleTime: Infinity,
  });
  const passCount = result?.passes.length ?? 0;
  const passes: PassRetention[] = useMemo(() => query.data?.filter((pass) => pass.pass <= passCount) ?? [], [query.data, passCount]);
  return { passes, isMeasuring: query.isFetching, error: query.error instanceof Error ? query.error.message : undefined };
}
