import './sample-settings-note.css';
import { useConfigStore } from '../../state/config-store';
import { leaveSampleSettings } from './sample-settings';

/** Says which settings the sample opened with, while the config is still exactly them, with one click back to the defaults. */
export function SampleSettingsNote() {
  const applied = useConfigStore((state) => (state.sampleSettings?.text === state.config.text ? state.sampleSettings : undefined));
  if (!applied) return null;
  return (
    <p className="sample-settings-note" role="note" data-testid="sample-settings">
      {applied.note}{' '}
      <button type="button" className="link-button" onClick={leaveSampleSettings}>
        Use the defaults
      </button>
    </p>
  );
}
