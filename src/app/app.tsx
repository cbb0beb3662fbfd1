import { DropZone } from '../features/load/drop-zone';
import { LoadBar } from '../features/load/load-bar';
import { ExportMenu } from '../features/export/export-menu';
import { ImportIssues } from '../features/summary/import-issues';
import { RunPicker } from '../features/summary/run-picker';
import { TokenSettings } from '../features/summary/token-settings';
import { TranscriptSummary } from '../features/summary/transcript-summary';
import { SystemPrompt } from '../features/transcript/system-prompt';
import { TranscriptList } from '../features/transcript/transcript-list';
import { useLabStore } from './store';
import { useInitialSample } from './use-initial-sample';
import { useTokenCounting } from './use-token-counting';

/** The page: load controls and settings on top, the import report and summary, then the transcript. */
export function App() {
  useInitialSample();
  useTokenCounting();
  const loadStatus = useLabStore((state) => state.loadStatus);
  const hasTranscript = useLabStore((state) => state.imported !== undefined);
  return (
    <div className="app">
      <header className="top-bar">
        <h1>Compaction Lab</h1>
        <LoadBar />
        <TokenSettings />
        <ExportMenu />
      </header>
      <main className="workspace">
        <ImportIssues />
        <RunPicker />
        <TranscriptSummary />
        <SystemPrompt />
        {hasTranscript ? (
          <TranscriptList />
        ) : (
          loadStatus !== 'loading' && (
            <p className="empty-state">Drop a transcript anywhere, paste one (Ctrl+V), open a file, or pick a sample.</p>
          )
        )}
      </main>
      <DropZone />
    </div>
  );
}
