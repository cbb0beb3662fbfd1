import { create } from 'zustand';

/** How far the sample download has got: bytes so far and, when the server said, bytes in all. */
interface LoadProgress {
  receivedBytes: number;
  totalBytes?: number;
  /** 'download' while bytes arrive, 'import' while the worker reads them. */
  stage: 'download' | 'import';
  downloadProgressed(receivedBytes: number, totalBytes: number | undefined): void;
  importStarted(): void;
}

/** The load's progress for the first-visit skeleton (a feature's own store: only the load views read it). */
export const useLoadProgress = create<LoadProgress>()((set) => ({
  receivedBytes: 0,
  stage: 'import',
  downloadProgressed: (receivedBytes, totalBytes) => set({ receivedBytes, totalBytes, stage: 'download' }),
  importStarted: () => set({ stage: 'import' }),
}));
