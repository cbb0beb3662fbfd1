import { useState } from 'react';
import { TokensView } from '../features/tokens/tokens-view';
import { DiffView } from '../features/diff/diff-view';
import { RetentionView } from '../features/retention/retention-view';
import { ProbePanel } from '../features/probes/probe-panel';
import { VersusView } from '../features/versus/versus-view';
import { ConfigEditor } from '../features/config-editor/config-editor';
import { ConfigCodePanel } from '../features/config-code/config-code-panel';
import { AbPanel } from '../features/ab/ab-panel';
import { ShareMenu } from '../features/share/share-menu';
import { SharedLinkDialog } from '../features/share/shared-link-dialog';
import { PassTimeline } from '../features/timeline/pass-timeline';
import { Tabs, type Tab } from '../ui/tabs';
import { DropZone } from '../features/load/drop-zone';
import { LoadBar } from '../features/load/load-bar';
import { ExportMenu } from '../features/export/export-menu';
import { NetworkPanel } from '../features/network/network-panel';
import { ProvidersButton } from '../features/providers/providers-button';
import { useRestoredKeys } from '../features/providers/use-provider-keys';
import { RunPanel } from '../features/run/run-panel';
import { useRunFollowsTranscript } from '../features/run/use-compaction';
import { ImportIssues } from '../features/import-report/import-issues';
import { TranscriptPicker } from '../features/import-report/transcript-picker';
import { TokenSettings } from '../features/import-report/token-settings';
import { TranscriptSummary } from '../features/import-report/transcript-summary';
import { SystemPrompt } from '../features/transcript/system-prompt';
import { TranscriptList } from '../features/transcript/transcript-list';
import { useLabStore } from '../state/store';
import { useRunStore } from '../state/run-store';
import { useSharedAbPair } from './use-shared-ab-pair';
import { useInitialSample } from './use-initial-sample';
import { useTokenCounting } from '../state/use-token-counting';
import { useWindowLink } from '../state/use-window-link';

/** The page: load controls and settings on top; the import report, summary and transcript; the run and network panels beside them. */
export function App() {
  useInitialSample();
  useTokenCounting();
  useRestoredKeys();
  useRunFollowsTranscript();
  useWindowLink();
  const loadStatus = useLabStore((state) => state.loadStatus);
  const hasTranscript = useLabStore((state) => state.imported !== undefined);
  const [view, setView] = useState('transcript');
  const sharedPair = useSharedAbPair();
  const selectedPass = useRunStore((state) => state.selectedPass);
  const views: Tab[] = [
    {
      id: 'transcript',
      label: 'Original transcript',
      content: (
        <>
          <SystemPrompt />
          <TranscriptList />
        </>
      ),
    },
    { id: 'diff', label: 'Diff', content: <DiffView /> },
    { id: 'tokens', label: 'Tokens', content: <TokensView /> },
    { id: 'retention', label: 'Retention', content: <RetentionView probes={(props) => <ProbePanel {...props} />} /> },
    { id: 'versus', label: 'Vs agent', content: <VersusView onShowMessage={() => setView('transcript')} /> },
    { id: 'ab', label: 'A/B', content: <AbPanel /> },
    { id: 'config', label: 'Config', content: <ConfigEditor /> },
    { id: 'code', label: 'Code', content: <ConfigCodePanel /> },
  ];
  return (
    <div className="app">
      <header className="top-bar">
        <h1>Compaction Lab</h1>
        <LoadBar />
        <TokenSettings />
        <ProvidersButton />
        <ExportMenu />
        <ShareMenu ab={sharedPair} view={{ tab: view, pass: selectedPass }} />
      </header>
      <div className="workspace-columns">
        <main className="workspace">
          <ImportIssues />
          <TranscriptPicker />
          <TranscriptSummary />
          {hasTranscript ? (
            <>
              <PassTimeline />
              <Tabs label="Views" tabs={views} chosen={view} onChoose={setView} />
            </>
          ) : (
            loadStatus !== 'loading' && (
              <p className="empty-state">Drop a transcript anywhere, paste one (Ctrl+V), open a file, or pick a sample.</p>
            )
          )}
        </main>
        <aside className="side-panel" aria-label="Compaction and network">
          <RunPanel />
          <NetworkPanel />
        </aside>
      </div>
      <DropZone />
      <SharedLinkDialog />
    </div>
  );
}
