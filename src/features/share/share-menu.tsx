import type { ConfigPair } from '../../engine/config';
import type { SharedView } from './share-building';
import './share.css';
import { useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from '../../ui/use-dismiss';
import { SharePanel } from './share-panel';

/**
 * The top bar's "Share config" menu: download, upload and copy the run panel's config as the JSON envelope, and copy
 * a link that carries it in the URL fragment. `ab` adds an A/B pair (two config documents) when one is set up. It
 * closes on Escape (focus back on its button), on a press outside it, and on Close.
 */
export function ShareMenu({ ab, view }: { ab?: ConfigPair; view?: SharedView }) {
  const [isOpen, setOpen] = useState(false);
  // The panel opens toward the side with room: where the top bar wraps, the button can sit at the page's left edge.
  const [opensRight, setOpensRight] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss({ isOpen, container: menu, button, onClose: close });
  const toggle = () => {
    const right = menu.current?.getBoundingClientRect().right ?? Number.POSITIVE_INFINITY;
    setOpensRight(right < Math.min(460, innerWidth * 0.92) + 8);
    setOpen(!isOpen);
  };
  return (
    <div className={opensRight ? 'share-menu opens-right' : 'share-menu'} ref={menu}>
      <button ref={button} type="button" aria-expanded={isOpen} aria-controls={panelId} onClick={toggle} data-share-config="" aria-label="Share config">
        Share<span className="wide-words"> config</span>
      </button>
      {isOpen && <SharePanel id={panelId} ab={ab} view={view} onClose={close} />}
    </div>
  );
}
