import { useLabStore } from '../../state/store';
import { useStepKeys } from '../../ui/use-step-keys';

/** j / k move the focus to the next / previous message, anywhere outside a text field. */
export function useMessageKeys(messageCount: number): void {
  useStepKeys('j', 'k', (direction) => {
    if (messageCount === 0) return false;
    const current = useLabStore.getState().focusedIndex;
    const next = direction === 1 ? Math.min(messageCount - 1, (current ?? -1) + 1) : Math.max(0, (current ?? 1) - 1);
    useLabStore.getState().messageFocused(next);
  });
}
