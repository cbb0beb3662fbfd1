import { AssertionRows, type AssertionRowsProps } from './assertion-rows';
import { ConfigChoice, type ConfigChoiceProps } from './config-choice';
import { TranscriptChoice, type TranscriptChoiceProps } from './transcript-choice';

/** What each cell runs: a single compaction at the config's settings, or the whole session replayed under it. */
type ExperimentModeChoice = 'compaction' | 'replay';

/** The experiment being defined: its transcripts, configs, assertions and mode, each with its controls. */
export interface DefinitionPanelProps {
  transcripts: TranscriptChoiceProps;
  configs: ConfigChoiceProps;
  assertions: AssertionRowsProps;
  mode: ExperimentModeChoice;
  onModeChange(mode: ExperimentModeChoice): void;
  /** A shared definition not yet applied: everything shows, nothing changes. */
  isReadOnly?: boolean;
}

/** The definition of an experiment: which transcripts, which configs, which assertions, which mode. */
export function DefinitionPanel({ transcripts, configs, assertions, mode, onModeChange, isReadOnly = false }: DefinitionPanelProps) {
  return (
    <section className="definition-panel" aria-label="Experiment definition">
      <TranscriptChoice {...transcripts} isReadOnly={isReadOnly} />
      <ConfigChoice {...configs} isReadOnly={isReadOnly} />
      <AssertionRows {...assertions} isReadOnly={isReadOnly} />
      <fieldset className="experiment-mode">
        <legend>Each cell runs</legend>
        <label className="choice">
          <input type="radio" name="experiment-mode" value="compaction" checked={mode === 'compaction'} disabled={isReadOnly} onChange={() => onModeChange('compaction')} />
          One compaction of the whole transcript at the config’s settings
        </label>
        <label className="choice">
          <input type="radio" name="experiment-mode" value="replay" checked={mode === 'replay'} disabled={isReadOnly} onChange={() => onModeChange('replay')} />
          The whole session replayed under the config (compacting each time it fires; context after is the session’s peak)
        </label>
      </fieldset>
    </section>
  );
}
