import { useStepKeys } from '../../ui/use-step-keys';

/** n / p step to the next / previous change, anywhere outside a text field or dialog. */
export function useChangeKeys(onStep: (direction: 1 | -1) => void): void {
  useStepKeys('n', 'p', onStep);
}
