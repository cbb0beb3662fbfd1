import { create } from 'zustand';

/** The Diff's left side: the original, the pass before the chosen one (it follows the chosen pass), or one pass. */
export type LeftChoice = { kind: 'original' } | { kind: 'previous' } | { kind: 'pass'; pass: number };

interface CompareState {
  left: LeftChoice;
  leftChosen(left: LeftChoice): void;
}

/** What the Diff compares the chosen pass with; it outlives the tab, so stepping away and back keeps it. */
export const useCompareStore = create<CompareState>()((set) => ({
  left: { kind: 'original' },
  leftChosen: (left) => set({ left }),
}));

/** The pass shown on the left (0 = the original) beside `rightPass`: always an earlier state, else the original. */
export function leftPassOf(choice: LeftChoice, rightPass: number): number {
  if (choice.kind === 'previous') return Math.max(0, rightPass - 1);
  if (choice.kind === 'pass' && choice.pass < rightPass) return choice.pass;
  return 0;
}
