import { useEffect, useRef } from 'react';
import { samples } from '../features/load/samples';
import { useImport } from '../features/load/use-import';
import { reopenLastTranscript } from '../features/workspace/reopen';

/** Read before the shared-link dialog takes the fragment out of the address. */
const isConfigShared = typeof window !== 'undefined' && /^#config=/.test(window.location.hash);

/**
 * Opens something on first load so the app shows real work at once: `?sample=<id>` picks a sample and `?sample=none`
 * skips; otherwise the transcript last open in the workspace (with its last run's config, unless a shared link's config
 * is waiting), and the first sample when the workspace is empty or the browser gives none.
 */
export function useInitialSample(): void {
  const { importSample, importFile } = useImport();
  const hasStarted = useRef(false);
  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const requested = new URLSearchParams(window.location.search).get('sample');
    if (requested === 'none') return;
    const sample = samples.find((candidate) => candidate.id === requested);
    if (requested !== null) {
      void importSample(sample ?? samples[0]);
      return;
    }
    void reopenLastTranscript(importFile, { isConfigShared }).then((isReopened) => {
      if (!isReopened) void importSample(samples[0]);
    });
  }, [importSample, importFile]);
}
