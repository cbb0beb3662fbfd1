import { useEffect, useState } from 'react';
import { usePageWorkspace, withWorkspace } from '../../workspace/page-workspace';
import type { StorageUse } from '../../workspace/workspace';
import type { ConfigRecord, RunRecord, TranscriptRecord } from '../../workspace/workspace-schema';

/** What the Workspace panel lists; undefined while it is read. */
export interface WorkspaceLists {
  transcripts: TranscriptRecord[];
  configs: ConfigRecord[];
  runs: RunRecord[];
  use?: StorageUse;
}

/** Reads the panel's lists (records only, never bytes), and again after every change the page makes. */
export function useWorkspaceLists(): WorkspaceLists | undefined {
  const revision = usePageWorkspace((state) => state.revision);
  const [lists, setLists] = useState<WorkspaceLists>();
  useEffect(() => {
    let isCurrent = true;
    void (async () => {
      const [transcripts, configs, runs, use] = await Promise.all([
        withWorkspace((workspace) => workspace.listTranscripts()),
        withWorkspace((workspace) => workspace.listConfigs()),
        withWorkspace((workspace) => workspace.listRuns()),
        withWorkspace((workspace) => workspace.storageUse()),
      ]);
      if (isCurrent && transcripts && configs && runs) setLists({ transcripts, configs, runs, use });
    })();
    return () => {
      isCurrent = false;
    };
  }, [revision]);
  return lists;
}
