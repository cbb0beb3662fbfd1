import './providers.css';
import { useState } from 'react';
import { ProvidersDialog } from './providers-dialog';
import { useProviderStore } from '../../state/provider-store';

/** The top bar's summarizer button: says which summarizer runs use, and opens the providers dialog. */
export function ProvidersButton() {
  const [isOpen, setOpen] = useState(false);
  const mode = useProviderStore((state) => state.mode);
  const rungs = useProviderStore((state) => state.rungs);
  const label = mode === 'offline' ? 'offline' : `${rungs.smol.provider === 'none' ? '' : `${rungs.smol.model || '?'} → `}${rungs.main.model || '?'}`;
  return (
    <>
      <button type="button" className="providers-button" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Summarizer: {label}
      </button>
      {isOpen && <ProvidersDialog onClose={() => setOpen(false)} />}
    </>
  );
}
