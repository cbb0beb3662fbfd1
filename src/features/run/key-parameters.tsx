import { useConfigStore } from '../../state/config-store';
import { documentText, windowFieldOf, type ConfigDocument } from '../../engine/config';
import { profileMeta } from '../../engine/profiles/meta';
import type { KeyParameter } from '../../engine';
import { formatInteger } from '../../ui/format';
import type { ConfigLimits } from '../../worker-client/protocol';

/** The field's value in the config as the input shows it ('' when the config leaves it to the profile's default). */
function shownValue(document: ConfigDocument, parameter: KeyParameter): string {
  const value = document[parameter.field];
  return typeof value === 'number' ? String(value) : '';
}

/** The value in force for a field the config leaves to its default, greyed in the empty input: "16,384", "none". */
function valueInForce(value: unknown, parameter: KeyParameter): string {
  if (value === null) return 'none';
  if (typeof value !== 'number') return 'default';
  return parameter.kind === 'ratio' ? String(value) : formatInteger(value);
}

/**
 * The value a run really uses for a field the profile adapts to the window (two-tier's tier-1 threshold, the tier-2
 * hard limits): the config's default would read "none" or "default" where 65 % or 75 % of the window is in force.
 */
function adaptedValue(field: string, limits: ConfigLimits | undefined): number | undefined {
  if (field === 'tokenThreshold') return limits?.trigger;
  if (field === 'hardLimitTokens') return limits?.hardLimit;
  return undefined;
}

/** A typed value for the config, or undefined to leave the field to the default (blank or not a number). */
function parsedValue(text: string, parameter: KeyParameter): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) return undefined;
  return parameter.kind === 'ratio' ? value : Math.round(value);
}

/**
 * The profile's most-tuned parameters as fields that write into the config JSON (which stays the one source of truth;
 * the engine validates it). A blank field leaves the parameter to the seed's default, shown greyed as the value in
 * force (`inForce`: the parameters with defaults filled in, as the engine read them).
 */
export function KeyParameters({ document, disabled, inForce, limits }: { document?: ConfigDocument; disabled: boolean; inForce?: Record<string, unknown>; limits?: ConfigLimits }) {
  const profile = useConfigStore((state) => state.profile);
  const configEdited = useConfigStore((state) => state.configEdited);
  const windowField = document && windowFieldOf(document);
  const write = (parameter: KeyParameter, value: unknown) => {
    if (!document) return;
    const { [parameter.field]: _replaced, ...rest } = document;
    configEdited(documentText(value === undefined ? rest : { ...rest, [parameter.field]: value }));
  };
  // A blank window is inherited from the page, not the seed's default: its hint says so.
  const blankTitle = (parameter: KeyParameter) =>
    parameter.field === windowField ? "Inherited from the page's context window (header): the greyed value is the one in force; type a value to give this run its own" : 'Left to the default: the greyed value is the one in force';
  return (
    <fieldset className="key-parameters" disabled={disabled || !document}>
      <legend>Parameters{document ? '' : ' (fix the config JSON to edit these)'}</legend>
      {profileMeta[profile].keyParameters.map((parameter) =>
        parameter.kind === 'flag' ? (
          <label key={parameter.field} className="flag-parameter">
            <input type="checkbox" checked={document?.[parameter.field] === true} onChange={(event) => write(parameter, event.target.checked ? true : undefined)} />
            {parameter.label}
          </label>
        ) : (
          <label key={parameter.field}>
            {parameter.label}
            <input
              type="number"
              min={0}
              step={parameter.kind === 'ratio' ? 0.01 : 1}
              placeholder={inForce ? valueInForce(adaptedValue(parameter.field, limits) ?? inForce[parameter.field], parameter) : 'default'}
              title={document && shownValue(document, parameter) === '' ? blankTitle(parameter) : undefined}
              value={document ? shownValue(document, parameter) : ''}
              onChange={(event) => write(parameter, parsedValue(event.target.value, parameter))}
            />
          </label>
        ),
      )}
    </fieldset>
  );
}
