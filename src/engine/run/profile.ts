import type { Message } from '../transcript/model';
import type { EventSink, RunResult } from './events';
import type { EnginePorts } from './ports';

/** What every profile run receives. The input messages are never mutated: passes build new lists. */
export interface ProfileRunInput<Config> {
  /** The conversation to compact (canonical messages; ids are the source ids fates refer to). */
  messages: readonly Message[];
  /** The system prompt, carried separately and counted toward the context, never compacted. */
  system?: Message;
  config: Config;
  ports: EnginePorts;
  onEvent: EventSink;
  /** State a previous run handed back in `RunResult.carryState` (rolling-summary's priorState). */
  carryState?: unknown;
}

/** A compaction profile: one seed system reproduced, or the unified pipeline. */
export interface Profile<Config> {
  id: string;
  run(input: ProfileRunInput<Config>): Promise<RunResult>;
}
