import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { EncodingName } from '../../engine/tokens/token-counter';
import { labClient } from '../../worker-client/lab-client';
import type { RunPrediction } from '../../worker-client/protocol';
import { applyWhatIf, whatIfFields, whatIfProfile, type WhatIfField } from './what-if-fields';

/** Edits of the what-if inputs, as typed. */
export type WhatIfEdits = Partial<Record<WhatIfField['id'], string>>;

/** `value`, once it has stopped changing for `delayMs`. */
function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** A prediction the worker superseded: thrown so it is never cached as an answer. */
class PredictionSuperseded extends Error {}

/**
 * The what-if: the user's edits over a base config, predicted in the worker with the offline summarizer ~250 ms after
 * the last keystroke. Edits belong to one base config: a new run or profile starts from its own values again.
 */
export function useWhatIf(transcriptKey: string | undefined, baseConfig: unknown, encoding: EncodingName) {
  const baseKey = JSON.stringify(baseConfig ?? null);
  const [state, setState] = useState<{ baseKey: string; edits: WhatIfEdits }>({ baseKey, edits: {} });
  const edits = state.baseKey === baseKey ? state.edits : {};
  const config = applyWhatIf(baseConfig, edits);
  const configJson = useDebouncedValue(JSON.stringify(config), 250);
  const query = useQuery({
    queryKey: ['predict-run', transcriptKey, encoding, configJson],
    queryFn: async (): Promise<RunPrediction> => {
      const prediction = await labClient.predictRun(transcriptKey as string, JSON.parse(configJson), encoding);
      if ('cancelled' in prediction) throw new PredictionSuperseded('superseded by a newer what-if');
      return prediction;
    },
    enabled: transcriptKey !== undefined,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
  const failure = query.error && !(query.error instanceof PredictionSuperseded) ? query.error.message : undefined;
  return {
    fields: whatIfFields(whatIfProfile(baseConfig)),
    edits,
    isEdited: Object.keys(edits).length > 0,
    edit: (id: WhatIfField['id'], text: string) => setState({ baseKey, edits: { ...edits, [id]: text } }),
    reset: () => setState({ baseKey, edits: {} }),
    prediction: query.data,
    isPredicting: query.isFetching || configJson !== JSON.stringify(config),
    failure,
  };
}
