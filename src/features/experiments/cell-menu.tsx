import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useDismiss } from '../../ui/use-dismiss';

/** What a cell's menu offers; an absent action is not shown. */
export interface CellActions {
  onOpenInInspector?(): void;
  onOpenInSession?(): void;
  /** "Compare…" (the first of two) or "Compare with <first>" (the second). */
  compareLabel?: string;
  onCompare?(): void;
}

/** A grid cell as a button that opens a small menu of what can be done with its run. */
export function CellMenu({ label, children, actions }: { label: string; children: ReactNode; actions: CellActions }) {
  const [isOpen, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss({ isOpen, container, button, onClose: close });
  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  const items = [
    actions.onOpenInInspector && { label: 'Open in inspector', run: actions.onOpenInInspector },
    actions.onOpenInSession && { label: 'Open in Session', run: actions.onOpenInSession },
    actions.onCompare && { label: actions.compareLabel ?? 'Compare…', run: actions.onCompare },
  ].filter((item): item is { label: string; run: () => void } => Boolean(item));
  return (
    <div className="cell-menu" ref={container}>
      <button ref={button} type="button" className="cell-button" aria-label={label} aria-haspopup="menu" aria-expanded={isOpen} disabled={items.length === 0} onClick={() => setOpen(!isOpen)}>
        {children}
      </button>
      {isOpen && (
        <ul role="menu" aria-label={label} className="cell-menu-items">
          {items.map((item) => (
            <li key={item.label} role="none">
              <button type="button" role="menuitem" onClick={choose(item.run)}>
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
