import type { SharedView } from './share-building';
import './share.css';
import { useId, useState } from 'react';
import { SharePanel } from './share-panel';

/**
 * The top bar's "Share config" menu: download, upload and copy the run panel's config as the JSON envelope, and copy
 * a link that carries it in the URL fragment. `ab` adds an A/B pair (two config documents) when one is set up.
 */
export function ShareMenu({ ab, view }: { ab?: { a: unknown; b: unknown }; view?: SharedView }) {
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="share-menu">
      <button type="button" aria-expanded={isOpen} aria-controls={panelId} onClick={() => setOpen(!isOpen)}>
        Share config
      </button>
      {isOpen && <SharePanel id={panelId} ab={ab} view={view} onClose={() => setOpen(false)} />}
    </div>
  );
}
