import { useEffect, useState } from 'react';
import { usePageWorkspace, withWorkspace } from '../../workspace/page-workspace';
import type { ConfigRecord, TranscriptRecord } from '../../workspace/workspace-schema';

/** The workspace's transcripts and saved configs, read again whenever the workspace changes; empty while it cannot open. */
export function useWorkspaceLists(): { transcripts: TranscriptRecord[]; configs: ConfigRecord[] } {
  const revision = usePageWorkspace((state) => state.revision);
  const [lists, setLists] = useState<{ transcripts: TranscriptRecord[]; configs: ConfigRecord[] }>({ transcripts: [], configs: [] });
  useEffect(() => {
    let isCurrent = true;
    void (async () => {
      const transcripts = (await withWorkspace((workspace) => workspace.listTranscripts())) ?? [];
      const configs = (await withWorkspace((workspace) => workspace.listConfigs())) ?? [];
      if (isCurrent) setLists({ transcripts, configs });
    })();
    return () => {
      isCurrent = false;
    };
  }, [revision]);
  return lists;
}
