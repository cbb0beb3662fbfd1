import type { EventSink } from '../../run/events';
import type { EnginePorts, Summarizer } from '../../run/ports';
import { summarizerLadder } from '../../run/summarizer-ladder';
import type { Message } from '../../transcript/model';
import type { PinnedOperativePayload } from '../../pins/pinned-operative';
import { shouldCompact, type AutoCompactorEstimator, type CompactionPrompts, type Rung, type RungContext } from '../auto-compactor/parts';
import type { UnifiedConfig } from './unified-config';

/** The profile's id, also the prefix of every message id it inserts. */
export const unifiedProfileId = 'unified';

/** A rung of the summarizer ladder with its summarizer. */
export interface UnifiedRung {
  rung: Rung;
  summarizer: Summarizer;
}

/** Everything the stages share during one run. */
export interface UnifiedContext {
  config: UnifiedConfig;
  ports: EnginePorts;
  estimator: AutoCompactorEstimator;
  prompts: CompactionPrompts;
  pinned: PinnedOperativePayload | null;
  pins: ReadonlySet<string>;
  system?: Message;
  onEvent: EventSink;
  runStartMs: number;
  /** smol then main (smol only when it is a different model); empty when there is no summarizer. */
  rungs: UnifiedRung[];
  hardLimitTokens: number;
  summarizerCalls: number;
}

/** Per-pass counters and the notices the pass will report. */
export interface PassLedger {
  pass: number;
  attempts: number;
  notices: string[];
}

/** True while the request estimate is over seed 1's gate. */
export function isOverGate(context: UnifiedContext, tokens: number): boolean {
  return shouldCompact(tokens, context.config.window, context.config);
}

/** The settings `runRung` needs, counting attempts into the pass's ledger. */
export function rungContext(context: UnifiedContext, ledger: PassLedger): RungContext {
  const { config, ports } = context;
  return {
    pass: ledger.pass,
    clock: ports.clock,
    runSignal: ports.signal,
    runStartMs: context.runStartMs,
    maxAttempts: config.maxAttempts,
    baseBackoffMs: config.baseBackoffMs,
    attemptBudgetMs: config.attemptBudgetMs,
    totalBudgetMs: config.totalBudgetMs,
    onEvent: context.onEvent,
    onAttempt: () => (ledger.attempts += 1),
  };
}

/** The ladder's rungs from the ports: smol then main, smol skipped when missing or the same model as main. */
export function ladderRungs(ports: EnginePorts): UnifiedRung[] {
  return summarizerLadder(ports.summarizers).map(({ role, name, summarizer }) => ({ rung: { role, label: `${role}=${name}`, model: name }, summarizer }));
}
