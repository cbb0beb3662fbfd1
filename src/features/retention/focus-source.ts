import { useLabStore } from '../../state/store';

/** Focuses a message of the original run by index; the Original transcript tab scrolls to it and highlights it. */
export function focusSource(index: number): void {
  useLabStore.getState().messageFocused(index);
}
