import { useUsageFit } from '../../state/selectors';
import { useLabStore, type TokenBasisChoice } from '../../state/store';
import type { EncodingName, UsageFit } from '../../engine';
import { formatCompactTokens } from '../../ui/format';
import { contextWindows } from './context-windows';

const encodings: { value: EncodingName; label: string }[] = [
  { value: 'o200k_base', label: 'o200k_base (GPT-4o, GPT-4.1, GPT-5, o-series)' },
  { value: 'cl100k_base', label: 'cl100k_base (GPT-4, GPT-3.5)' },
];

/** The calibrated basis as the picker offers it: the model it is fitted to, or why the logged calls give none. */
function calibrationLabel(fit: UsageFit | undefined): string {
  if (fit?.calibration) return `calibrated to ${fit.calibration.model}`;
  if (fit?.calibrationRefusal) return `calibrated — not offered (${fit.calibrationRefusal})`;
  return 'calibrated (needs the exact count)';
}

/** Encoding, basis and context-window pickers; all persist as settings. */
export function TokenSettings() {
  const encoding = useLabStore((state) => state.encoding);
  const contextWindow = useLabStore((state) => state.contextWindow);
  const tokenBasis = useLabStore((state) => state.tokenBasis);
  const fit = useUsageFit();
  const { encodingChosen, contextWindowChosen, tokenBasisChosen } = useLabStore.getState();
  const calibration = fit?.calibration;
  const windows = contextWindows.includes(contextWindow) ? contextWindows : [...contextWindows, contextWindow].sort((a, b) => a - b);
  return (
    <div className="token-settings" role="group" aria-label="Token settings">
      <label>
        Encoding{' '}
        <select aria-label="Encoding" value={encoding} onChange={(event) => encodingChosen(event.target.value as EncodingName)}>
          {encodings.map((option) => (
            <option key={option.value} value={option.value}>{option.label}</option>
          ))}
        </select>
      </label>
      <label title={fit?.calibrationNote ?? 'Calibration needs the exact count first.'}>
        Basis{' '}
        <select aria-label="Token basis" value={tokenBasis} onChange={(event) => tokenBasisChosen(event.target.value as TokenBasisChoice)}>
          <option value="encoding">exact in the encoding</option>
          <option value="calibrated" disabled={!calibration && tokenBasis !== 'calibrated'}>
            {calibrationLabel(fit)}
          </option>
        </select>
      </label>
      <label>
        Context window{' '}
        <select aria-label="Context window" value={contextWindow} onChange={(event) => contextWindowChosen(Number(event.target.value))}>
          {windows.map((tokens) => (
            <option key={tokens} value={tokens}>{formatCompactTokens(tokens)} tokens</option>
          ))}
        </select>
      </label>
    </div>
  );
}
