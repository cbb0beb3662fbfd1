import { useEffect, type RefObject } from 'react';

/**
 * Closes a popover (a panel hanging under its button) the way menus close: Escape closes it and gives the focus back
 * to its button, a press anywhere outside `container` (which holds the button and the panel) closes it and leaves the
 * focus where the press put it. Listens only while `isOpen`.
 */
export function useDismiss({ isOpen, container, button, onClose }: {
  isOpen: boolean;
  container: RefObject<HTMLElement | null>;
  button: RefObject<HTMLElement | null>;
  onClose(): void;
}): void {
  useEffect(() => {
    if (!isOpen) return;
    const key = (event: KeyboardEvent) => {
      // A dialog opened from the panel (a preview) takes its own Escape first.
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
      onClose();
      button.current?.focus();
    };
    const press = (event: PointerEvent) => {
      if (event.target instanceof Node && container.current?.contains(event.target)) return;
      onClose();
    };
    document.addEventListener('keydown', key);
    document.addEventListener('pointerdown', press);
    return () => {
      document.removeEventListener('keydown', key);
      document.removeEventListener('pointerdown', press);
    };
  }, [isOpen, container, button, onClose]);
}
