import { useLabStore } from '../../app/store';
import type { EncodingName } from '../../engine/tokens/token-counter';
import { formatCompactTokens } from '../../ui/format';
import { contextWindows } from './context-windows';

const encodings: { value: EncodingName; label: string }[] = [
  { value: 'o200k_base', label: 'o200k_base (GPT-4o, GPT-4.1, GPT-5, o-series)' },
  { value: 'cl100k_base', label: 'cl100k_base (GPT-4, GPT-3.5)' },
];

/** Encoding and context-window pickers; both persist as settings. */
export function TokenSettings() {
  const encoding = useLabStore((state) => state.encoding);
  const contextWindow = useLabStore((state) => state.contextWindow);
  const { encodingChosen, contextWindowChosen } = useLabStore.getState();
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
