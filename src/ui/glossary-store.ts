import { useSyncExternalStore } from 'react';
import type { TermId } from './glossary-terms';

/** The glossary as shown: closed, or open at an entry (or at its top). `request` tells one opening from the next. */
interface GlossaryShown {
  isOpen: boolean;
  term?: TermId;
  request: number;
}

let shown: GlossaryShown = { isOpen: false, request: 0 };
const listeners = new Set<() => void>();

function publish(next: GlossaryShown): void {
  shown = next;
  for (const listener of listeners) listener();
}

/** Opens the glossary, at `term`'s entry when one is named (a term's link asks this). */
export function openGlossary(term?: TermId): void {
  publish({ isOpen: true, term, request: shown.request + 1 });
}

/** Closes the glossary. */
export function closeGlossary(): void {
  if (shown.isOpen) publish({ ...shown, isOpen: false });
}

/** Whether the glossary is open, and at which entry. */
export function useGlossary(): GlossaryShown {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => shown,
  );
}
