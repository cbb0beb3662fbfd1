import type { LabConfig } from '../engine/config';
import { profileMeta } from '../engine/profiles/meta';

/** How a config's gate is forced: the field set and the value it is set to, in words for the report. */
export interface GateForcing {
  field: string;
  value: boolean | number;
  /** What was set, e.g. `force: true` or `tokenThreshold: 0`. */
  description: string;
}

/**
 * The setting that makes a profile compact whatever its gate says, read from the profile's own meta so no profile id
 * is switched on here: its `force` flag when the run panel offers one (auto-compactor, unified), otherwise its
 * threshold what-if field at the lowest value it takes (two-tier's tier-1 threshold, rolling-summary's
 * summarise-at tokens). Undefined for a profile that has neither.
 *
 * Why: comparing against the agent's own compaction needs a compacted context on the profile's side too. The agent
 * compacted at this boundary, so its context was full there; a profile whose gate would not fire on the same messages
 * (because its window or threshold is set larger) would otherwise answer with the whole uncompacted history.
 */
export function gateForcing(config: LabConfig): GateForcing | undefined {
  const meta = profileMeta[config.profile];
  const flag = meta.keyParameters.find((parameter) => parameter.kind === 'flag' && parameter.field === 'force');
  if (flag) return { field: flag.field, value: true, description: `${flag.field}: true` };
  const threshold = meta.whatIfFields.find((field) => field.id === 'threshold');
  if (threshold) return { field: threshold.parameter, value: threshold.min, description: `${threshold.parameter}: ${threshold.min}` };
  return undefined;
}

/** A config document (`{schemaVersion, profile, …parameters}`) with the forcing setting applied over it. */
export function forcedDocument(document: unknown, forcing: GateForcing): Record<string, unknown> {
  const fields = typeof document === 'object' && document !== null && !Array.isArray(document) ? document : {};
  return { ...fields, [forcing.field]: forcing.value };
}
