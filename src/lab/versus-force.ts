import type { RunResult } from '../engine';
import { documentProfile, type ConfigDocument } from '../engine/config';
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
function forcedDocument(document: ConfigDocument, forcing: GateForcing): ConfigDocument {
  return { ...document, [forcing.field]: forcing.value };
}

/** A comparison's run of one document: its result, and how its gate was forced when its own gate did not fire. */
export interface ForcedRun {
  result: RunResult;
  forcing: GateForcing | undefined;
  /** True when the document's own gate did not fire, so the run was made again with the gate forced. */
  wasForced: boolean;
}

/**
 * Runs a document as a comparison against the agent's compaction runs it: as given, and once more with the gate
 * forced (`gateForcing`) when its own gate did not fire there — the agent compacted at that point. `run` runs one
 * document on the messages before the boundary. The Vs agent view, `versus` and the quality bench all run it here.
 */
export async function runWithGateForced(document: ConfigDocument, run: (document: ConfigDocument) => Promise<RunResult>): Promise<ForcedRun> {
  const first = await run(document);
  const wasForced = first.success && first.passes.length === 0;
  // A run that succeeded ran a valid config, so its profile is known.
  const profile = documentProfile(document);
  const forcing = wasForced && profile ? gateForcing(profile) : undefined;
  return { result: forcing ? await run(forcedDocument(document, forcing)) : first, forcing, wasForced };
}
