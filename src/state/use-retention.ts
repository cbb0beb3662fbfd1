import { useQuery } from '@tanstack/react-query';
import type { PassRetention } from '../engine';
import type { ResultId } from '../worker-client/protocol';
import { retentionQuery } from '../worker-client/queries';

// A constant, so a chart drawn from "nothing measured yet" is not redrawn while nothing changed.
const noPasses: PassRetention[] = [];

/**
 * Fact retention and loss flags of every pass of the result `resultId` names, measured in the worker (nothing is asked
 * without one). The answer is about that result, whatever ran since.
 */
export function useRetention(resultId: ResultId | undefined) {
  const query = useQuery({ ...retentionQuery(resultId ?? ''), enabled: resultId !== undefined });
  return { passes: query.data ?? noPasses, isMeasuring: query.isFetching, error: query.error instanceof Error ? query.error.message : undefined };
}
