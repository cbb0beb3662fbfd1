import { useEffect, useRef } from 'react';
import { samples } from '../features/load/samples';
import { useImport } from '../features/load/use-import';

/** Opens a sample on first load so the app shows real work at once; `?sample=<id>` picks one, `?sample=none` skips. */
export function useInitialSample(): void {
  const { importSample } = useImport();
  const hasStarted = useRef(false);
  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const requested = new URLSearchParams(window.location.search).get('sample');
    if (requested === 'none') return;
    const sample = samples.find((candidate) => candidate.id === requested) ?? samples[0];
    void importSample(sample);
  }, [importSample]);
}
