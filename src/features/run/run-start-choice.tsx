import { contextFigure, type RunStart } from '../../engine';
import { formatContext } from '../../state/figure-text';
import { useContextBasis, useLastHeldCount, useSelectedTranscript, useTotalTokens, useUsageFit } from '../../state/selectors';
import { canStartFromLastHeld, effectiveStart, useRunStartStore } from '../../state/run-start';

/**
 * Where the run starts, beside Run: the whole file (the default) or the context as the agent last held it (its last
 * compaction's summary and everything after), each with its figure on the header's basis. Shown only when the agent
 * compacted and its last compaction can be read; two native radio buttons, so arrows and Tab move between them.
 */
export function RunStartChoice({ disabled }: { disabled: boolean }) {
  const transcript = useSelectedTranscript();
  const chosen = useRunStartStore((state) => state.start);
  const startChosen = useRunStartStore((state) => state.startChosen);
  const basis = useContextBasis();
  const isFitted = useUsageFit() !== undefined;
  const total = useTotalTokens();
  const lastHeld = useLastHeldCount();
  if (!canStartFromLastHeld(transcript)) return null;
  const start = effectiveStart(chosen, transcript);
  const figure = (tokens: number | undefined): string => (isFitted && tokens !== undefined ? `${formatContext(contextFigure(basis, tokens))} tokens` : 'counting…');
  const option = (value: RunStart, label: string, tokens: number | undefined) => (
    <label>
      <input type="radio" name="run-start" value={value} checked={start === value} disabled={disabled} onChange={() => startChosen(value)} />
      {label} <span className="muted">({figure(tokens)})</span>
    </label>
  );
  return (
    <fieldset className="run-start" data-testid="run-start">
      <legend>Start the run from</legend>
      {option('whole-file', 'the whole file', total.isExact ? total.tokenCount : undefined)}
      {option('last-held', 'the context as the agent last held it', lastHeld?.total)}
    </fieldset>
  );
}
