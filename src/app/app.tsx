import { useState } from 'react';
import { AbPanel, ConfigCodePanel, ConfigEditor, DiffView, ExperimentsEntry, PinCandidatesPanel, ProbePanel, RetentionView, RunComparison, SessionView, TokensView, VersusView } from './lazy-views';
import { LazyView } from '../ui/lazy-view';
import { useSessionFlag } from '../ui/use-session-flag';
import { GlossaryDialog } from '../ui/glossary-dialog';
import { openGlossary } from '../ui/glossary-store';
import { ShareMenu } from '../features/share/share-menu';
import { SharedLinkDialog } from '../features/share/shared-link-dialog';
import { PassTimeline } from '../features/timeline/pass-timeline';
import { Tabs, type Tab } from '../ui/tabs';
import { DropZone } from '../features/load/drop-zone';
import { LoadSkeleton } from '../features/load/load-skeleton';
import { LoadBar } from '../features/load/load-bar';
import { ExportMenu } from '../features/export/export-menu';
import { NetworkPanel } from '../features/network/network-panel';
import { ProvidersButton } from '../features/providers/providers-button';
import { useRestoredKeys } from '../features/providers/use-provider-keys';
import { RunPanel } from '../features/run/run-panel';
import { useRunFollowsTranscript } from '../features/run/use-compaction';
import { ImportIssues } from '../features/import-report/import-issues';
import { TranscriptPicker } from '../features/import-report/transcript-picker';
import { TranscriptSummary } from '../features/import-report/transcript-summary';
import { SystemPrompt } from '../features/transcript/system-prompt';
import { TranscriptList } from '../features/transcript/transcript-list';
import { useLabStore } from '../state/store';
import { useRunStore } from '../state/run-store';
import { useSharedAbPair } from './use-shared-ab-pair';
import { useInitialSample } from './use-initial-sample';
import { SampleSettingsNote } from '../features/load/sample-settings-note';
import { useTokenCounting } from '../state/use-token-counting';
import { useSessionAsks } from '../state/open-replay-compaction';
import { useImport } from '../features/load/use-import';
import { WorkspaceButton } from '../features/workspace/workspace-button';
import { RestoreNote } from '../features/workspace/restore-note';
import { useRunRecording } from './use-run-recording';
import { PageSwitch } from './page-switch';
import { usePageView } from './use-page-view';

/** The page: load controls and settings on top; the import report, summary and transcript; the run and network panels beside them. */
export function App() {
  useInitialSample();
  useTokenCounting();
  useRestoredKeys();
  useRunFollowsTranscript();
  useRunRecording();
  const { importFile } = useImport();
  const loadStatus = useLabStore((state) => state.loadStatus);
  const hasTranscript = useLabStore((state) => state.imported !== undefined);
  const [view, setView] = useState('transcript');
  const [page, setPage] = usePageView();
  // "Show the session" beside an opened replay compaction brings the Session tab back.
  const sessionAsks = useSessionAsks();
  const [answeredAsks, setAnsweredAsks] = useState(sessionAsks);
  if (sessionAsks !== answeredAsks) {
    setAnsweredAsks(sessionAsks);
    setView('session');
  }
  const sharedPair = useSharedAbPair();
  const selectedPass = useRunStore((state) => state.selectedPass);
  const [isSidePanelOpen, setSidePanelOpen] = useSessionFlag('compaction-lab/run-panel-open', true);
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
    {
      id: 'session',
      label: 'Session',
      content: <SessionView onOpen={() => setView('diff')} variantEditor={(props) => <ConfigEditor target="variantB" initialMode="raw" {...props} />} />,
    },
    { id: 'ab', label: 'A/B', content: <AbPanel variantEditor={(props) => <ConfigEditor target="variantB" initialMode="raw" {...props} />} /> },
    {
      id: 'config',
      label: 'Config',
      content: (
        <>
          <PinCandidatesPanel onShowMessage={() => setView('transcript')} />
          <ConfigEditor />
        </>
      ),
    },
    { id: 'code', label: 'Code', content: <ConfigCodePanel /> },
  ].map((tab) => (tab.id === 'transcript' ? tab : { ...tab, content: <LazyView name={tab.label}>{tab.content}</LazyView> }));
  return (
    <div className="app">
      <header className="top-bar">
        <h1>Compaction Lab</h1>
        <PageSwitch view={page} onChoose={setPage} />
        <LoadBar />
        <WorkspaceButton openFile={importFile} compareRuns={RunComparison} />
        <ProvidersButton />
        <ExportMenu />
        <ShareMenu ab={sharedPair} view={{ tab: view, pass: selectedPass }} />
        <button type="button" onClick={() => openGlossary()}>Glossary</button>
      </header>
      {page === 'experiments' && (
        <main className="workspace experiments-main">
          <LazyView name="Experiments">
            <ExperimentsEntry
              onShowLab={(tab) => {
                setView(tab);
                setPage('lab');
              }}
            />
          </LazyView>
        </main>
      )}
      {/* The lab stays mounted behind the Experiments view: its transcript, tab and a run in progress wait there. */}
      <div className="workspace-columns" hidden={page === 'experiments'}>
        <main className="workspace">
          <ImportIssues />
          <TranscriptPicker />
          <TranscriptSummary />
          {hasTranscript ? (
            <>
              <PassTimeline />
              <Tabs label="Views" tabs={views} chosen={view} onChoose={setView} />
            </>
          ) : loadStatus === 'loading' ? (
            <LoadSkeleton />
          ) : (
            <p className="empty-state">Drop a transcript anywhere, paste one (Ctrl+V), open a file, or pick a sample.</p>
          )}
        </main>
        <aside className={isSidePanelOpen ? 'side-panel' : 'side-panel is-strip'} aria-label="Compaction and network">
          <button
            type="button"
            className="side-panel-toggle"
            aria-expanded={isSidePanelOpen}
            aria-controls="side-panel-body"
            title={isSidePanelOpen ? 'Fold the run panel to a strip' : 'Show the run panel'}
            onClick={() => setSidePanelOpen(!isSidePanelOpen)}
          >
            {isSidePanelOpen ? 'Hide run panel ›' : '‹ Run panel'}
          </button>
          {/* Folded, the panel stays mounted (a run in progress keeps its log), only out of sight. */}
          <div id="side-panel-body" className="side-panel-body" hidden={!isSidePanelOpen}>
            <RestoreNote />
            <SampleSettingsNote />
            <RunPanel />
            <NetworkPanel />
          </div>
        </aside>
      </div>
      <DropZone />
      <SharedLinkDialog />
      <GlossaryDialog />
    </div>
  );
}
