import { useCallback, useState } from 'react';

function readFlag(key: string, initial: boolean): boolean {
  try {
    const stored = sessionStorage.getItem(key);
    return stored === null ? initial : stored === 'true';
  } catch {
    // Storage can be off (private modes, sandboxed frames): the choice then lasts as long as the page.
    return initial;
  }
}

/**
 * A yes/no choice about the layout (a panel open or folded) that lasts for the browser tab's session: a reload keeps
 * it, a new tab starts from `initial`.
 */
export function useSessionFlag(key: string, initial: boolean): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => readFlag(key, initial));
  const choose = useCallback(
    (next: boolean) => {
      setValue(next);
      try {
        sessionStorage.setItem(key, String(next));
      } catch {
        // See readFlag: without storage the choice is not remembered.
      }
    },
    [key],
  );
  return [value, choose];
}
