import './run-panel.css';
import { useLabStore } from '../../state/store';
import { ProfilePicker } from './profile-picker';
import { useProviderStore } from '../../state/provider-store';
import { useConfigStore } from '../../state/config-store';
import { useConfigCheck } from '../../state/use-config-check';
import { useRunDocument } from '../../state/run-document';
import { documentText } from '../../engine/config';
import { useUsageFit } from '../../state/selectors';
import { KeyParameters } from './key-parameters';
import { DerivedLimits, SettingsProblems } from './settings-check';
import { InheritedWindowNote } from './inherited-window-note';
import { WindowLink } from './window-link';
import { UpstreamDifferences } from './upstream-differences';
import { RunLog } from './run-log';
import { RunProgress } from './run-progress';
import { RunOutcome } from './run-outcome';
import { useShallow } from 'zustand/react/shallow';
import { useRunStore } from '../../state/run-store';
import { useCompaction } from './use-compaction';
import { RunStartChoice } from './run-start-choice';

/** The compaction side panel: profile, config, summarizer, Run and Cancel, the streamed summary and the run log. */
export function RunPanel() {
  const hasTranscript = useLabStore((state) => state.imported !== undefined);
  const { status, streaming, problem, isOpenedFromReplay } = useRunStore(useShallow((state) => ({ status: state.status, streaming: state.streaming, problem: state.problem, isOpenedFromReplay: state.openedContext !== undefined })));
  const { profile, config, isEdited, profileChosen, configEdited } = useConfigStore(useShallow((state) => ({ profile: state.profile, config: state.config, isEdited: state.isEdited, profileChosen: state.profileChosen, configEdited: state.configEdited })));
  // The picker shows the profile the config runs with: an edited config may name another than the one last picked.
  const shownProfile = config.profile ?? profile;
  const mode = useProviderStore((state) => state.mode);
  const { start, cancel } = useCompaction();
  const isRunning = status === 'running';
  const configDocument = config.document;
  // Checked as it will run: with the page's window while the config sets none.
  const { validation, isChecking } = useConfigCheck(useRunDocument());
  const checked = validation?.ok ? validation : undefined;
  const overheadTokens = useUsageFit()?.overhead.tokens;
  const applyFix = (values: Record<string, number>) => {
    if (configDocument) configEdited(documentText({ ...configDocument, ...values }));
  };
  return (
    <section className="panel run-panel" aria-label="Compaction run">
      <h2>Compaction</h2>
      <RunOutcome />
      <ProfilePicker profile={shownProfile} disabled={isRunning} onChoose={profileChosen} />
      <UpstreamDifferences profile={shownProfile} />
      <KeyParameters document={configDocument} disabled={isRunning} inForce={checked?.config.parameters} limits={checked?.limits} />
      <WindowLink runWindow={checked?.limits.window} document={configDocument} disabled={isRunning} />
      {checked && <DerivedLimits limits={checked.limits} overheadTokens={overheadTokens} />}
      {checked && <SettingsProblems problems={checked.settingsProblems} disabled={isRunning || !hasTranscript || isChecking} onApply={applyFix} onRunAnyway={() => void start(true)} />}
      <details className="config-editor">
        <summary>Config (JSON){isEdited ? ' — edited' : ''}</summary>
        <textarea aria-label="Config JSON" spellCheck={false} value={config.text} onChange={(event) => configEdited(event.target.value)} rows={8} />
        <InheritedWindowNote document={configDocument} />
        {isEdited && (
          <button type="button" onClick={() => configEdited(undefined)}>Reset to the profile's defaults</button>
        )}
      </details>
      <RunStartChoice disabled={isRunning} />
      <div className="run-actions">
        <button type="button" className="primary-button" disabled={!hasTranscript || isRunning} onClick={() => void start()}>
          Run compaction
        </button>
        <button type="button" disabled={!isRunning} onClick={cancel}>Cancel</button>
        <span className="muted" role="status">
          {isRunning ? `Running with the ${mode === 'offline' ? 'offline summarizer' : 'live providers'}…` : status === 'idle' ? (hasTranscript ? '' : 'Load a transcript first.') : isOpenedFromReplay ? 'Shown: a compaction of the session replay' : `Last run: ${status}`}
        </span>
      </div>
      {problem && <p className="alert" role="alert">{problem}</p>}
      <RunProgress />
      {streaming && (
        <section className="streaming-summary" aria-label="Summary being written">
          <h3>{isRunning ? 'Writing' : 'Last'} summary ({streaming.role})</h3>
          <pre>{streaming.text}</pre>
        </section>
      )}
      <RunLog />
    </section>
  );
}
