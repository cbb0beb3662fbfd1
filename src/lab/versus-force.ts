import type { ConfigDocument } from '../engine/config';
import { profileMeta, type ProfileId } from '../engine/profiles/meta';

/** How a config's gate is forced: the field set and the value it is set to, in words for the report. */
export interface GateForcing {
  field: string;
  value: boolean | number;
  /** What was set, e.g. `force: true` or `tokenThreshold: 0`. */
  description: string;
}

/**
 * The setting that makes a profile compact whatever its gate says: its meta's `forceGate` (the force flag, or the
 * threshold at its lowest). Undefined for a profile that has none.
 *
 * Why: comparing against the agent's own compaction needs a compacted context on the profile's side too. The agent
 * compacted at this boundary, so its context was full there; a profile whose gate would not fire on the same messages
 * (because its window or threshold is set larger) would otherwise answer with the whole uncompacted history.
 */
export function gateForcing(profile: ProfileId): GateForcing | undefined {
  const forcing = profileMeta[profile].forceGate;
  return forcing && { ...forcing, description: `${forcing.field}: ${String(forcing.value)}` };
}

/** A config document with the forcing setting applied over it. */
export function forcedDocument(document: ConfigDocument, forcing: GateForcing): ConfigDocument {
  return { ...document, [forcing.field]: forcing.value };
}
