import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { EncodingName } from '../../engine';
import type { ConfigDocument } from '../../engine/config';
import { predictionQuery } from '../../worker-client/queries';
import { isCancelledAnswer } from '../../worker-client/reply';
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

/**
 * The what-if: the user's edits over a base config, predicted in the worker with the offline summarizer ~250 ms after
 * the last keystroke. Edits belong to one base config: a new run or profile starts from its own values again.
 */
export function useWhatIf(transcriptKey: string | undefined, baseConfig: ConfigDocument, encoding: EncodingName) {
  const baseKey = JSON.stringify(baseConfig);
  const [state, setState] = useState<{ baseKey: string; edits: WhatIfEdits }>({ baseKey, edits: {} });
  const edits = state.baseKey === baseKey ? state.edits : {};
  const config = applyWhatIf(baseConfig, edits);
  const configJson = useDebouncedValue(JSON.stringify(config), 250);
  const query = useQuery({ ...predictionQuery(transcriptKey ?? '', configJson, encoding), enabled: transcriptKey !== undefined, placeholderData: keepPreviousData });
  // A prediction a newer one superseded is no failure: the newer one is already asked.
  const failure = query.error && !isCancelledAnswer(query.error) ? query.error.message : undefined;
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
