import './sample-settings-note.css';
import { useConfigStore } from '../../state/config-store';
import { leaveSampleSettings } from './sample-settings';

/**
 * Says which settings the sample opened with, while the config is still exactly them, and when they leave (another
 * transcript, or one click back to the defaults): from the run's config and A/B's variant B alike, the user's own
 * changes kept.
 */
export function SampleSettingsNote() {
  const applied = useConfigStore((state) => (state.sampleSettings?.text === state.config.text ? state.sampleSettings : undefined));
  if (!applied) return null;
  return (
    <p className="sample-settings-note" role="note" data-testid="sample-settings">
      {applied.note} Another transcript takes them out of A and B; your own changes stay.{' '}
      <button type="button" className="link-button" onClick={leaveSampleSettings}>
        Use the defaults
      </button>
    </p>
  );
}
