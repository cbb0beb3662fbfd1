import { useEffect } from 'react';
import { useLabStore } from '../../app/store';

/** j / k move the focus to the next / previous message, anywhere outside a text field. */
export function useMessageKeys(messageCount: number): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key !== 'j' && event.key !== 'k') return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], dialog')) return;
      if (messageCount === 0) return;
      const current = useLabStore.getState().focusedIndex;
      const next = event.key === 'j' ? Math.min(messageCount - 1, (current ?? -1) + 1) : Math.max(0, (current ?? 1) - 1);
      useLabStore.getState().messageFocused(next);
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [messageCount]);
}
