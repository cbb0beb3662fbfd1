import { useEffect } from 'react';

/** n / p step to the next / previous change, anywhere outside a text field or dialog. */
export function useChangeKeys(onStep: (direction: 1 | -1) => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key !== 'n' && event.key !== 'p') return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], dialog')) return;
      event.preventDefault();
      onStep(event.key === 'n' ? 1 : -1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onStep]);
}
