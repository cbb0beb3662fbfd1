import { useState } from 'react';
import { useConfigStore } from '../../state/config-store';
import { configPresets, presetConfigText, type ConfigPreset } from './presets';

const NO_PRESET = '';

/**
 * The "Preset" select: applying one switches the profile and replaces the config with the preset's document for
 * the page's window. The source of the preset last applied stays visible (approximations say so).
 */
export function PresetPicker({ contextWindow, disabled }: { contextWindow: number; disabled?: boolean }) {
  const [applied, setApplied] = useState<ConfigPreset>();
  const apply = (id: string) => {
    const preset = configPresets.find((candidate) => candidate.id === id);
    if (!preset) return;
    const { profileChosen, configEdited } = useConfigStore.getState();
    profileChosen(preset.profile);
    configEdited(presetConfigText(preset, contextWindow));
    setApplied(preset);
  };
  const seeds = configPresets.filter((preset) => !preset.isApproximation);
  const peers = configPresets.filter((preset) => preset.isApproximation);
  return (
    <div className="preset-picker">
      <label>
        Preset{' '}
        <select aria-label="Preset" value={NO_PRESET} disabled={disabled} onChange={(event) => apply(event.target.value)}>
          <option value={NO_PRESET}>Apply a preset…</option>
          <optgroup label="Upstream defaults and their hosts' variants">
            {seeds.map((preset) => <option key={preset.id} value={preset.id}>{preset.label}</option>)}
          </optgroup>
          <optgroup label="Other agents (approximations)">
            {peers.map((preset) => <option key={preset.id} value={preset.id}>{preset.label}</option>)}
          </optgroup>
        </select>
      </label>
      {applied && (
        <p className="preset-source" role="status">
          Applied “{applied.label}”{applied.isApproximation ? ' (an approximation)' : ''}. Source: {applied.source}.{applied.note ? ` ${applied.note}` : ''}
        </p>
      )}
    </div>
  );
}
