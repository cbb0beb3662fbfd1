import { useQuery } from '@tanstack/react-query';
import type { EncodingName } from '../engine';
import type { ResultId } from '../worker-client/protocol';
import type { PassBreakdown } from '../worker-client/run-protocol';
import { passBreakdownsQuery } from '../worker-client/queries';

// A constant, so a view drawn from "no breakdowns yet" is not redrawn while nothing changed.
const noBreakdowns: PassBreakdown[] = [];

/**
 * Exact tokens by kind, counted in the worker in `encoding`: of the original and every pass of the result `resultId`
 * names, or of the transcript alone before it has one. The answer is about that result, whatever ran since.
 * `isWanted` false asks nothing (the caller has the totals already).
 */
export function usePassBreakdowns(transcriptKey: string | undefined, encoding: EncodingName, resultId: ResultId | undefined, isWanted = true) {
  const subject = resultId !== undefined ? { resultId } : transcriptKey !== undefined ? { transcriptKey } : undefined;
  const query = useQuery({ ...passBreakdownsQuery(subject ?? { transcriptKey: '' }, encoding), enabled: subject !== undefined && isWanted });
  return { breakdowns: query.data ?? noBreakdowns, isCounting: query.isFetching, error: query.error instanceof Error ? query.error.message : undefined };
}
