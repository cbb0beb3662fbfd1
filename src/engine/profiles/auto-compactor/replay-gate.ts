import type { ReplayGate } from '../../run/replay-gate';
import type { EnginePorts } from '../../run/ports';
import { quarterCharsTokens } from '../../tokens/estimate';
import { messageText } from '../../tokens/message-text';
import type { Message } from '../../transcript/model';
import { autoCompactorCarrySchema, withoutCarriedCarriers } from './carry-state';
import { exactEstimator, isUsageAnchor, seedEstimator, usageTokens } from './estimate';
import { gateThreshold, shouldCompact, type CompactionSettings } from './gate';

/** What seed 1's gate needs of a config (the auto-compactor's and unified's share these fields). */
interface SeedOneGateConfig extends CompactionSettings {
  window: number;
  force: boolean;
  estimator: 'seed' | 'exact';
}

/**
 * Seed 1's gate kept up to date message by message, exactly as `estimator.requestTokens` reads a whole context: the
 * seed estimator's total is the last anchor's logged usage plus chars/4 of every later message (chars/4 of everything
 * plus the system prompt when nothing anchors); the exact one sums the counter's counts. Each message is estimated
 * once (the estimators cache by message), so a check costs O(1). The replay strips logged usage from messages once the
 * context differs from the agent's, so the anchor then stops being used by this gate and by the runs alike.
 */
export function seedOneReplayGate(config: SeedOneGateConfig, ports: EnginePorts, system: Message | undefined, checkpointLabel: string): ReplayGate {
  const isExact = config.estimator === 'exact';
  const estimator = isExact ? exactEstimator(ports.counter) : seedEstimator();
  const systemTokens = system ? (isExact ? ports.counter.count(messageText(system)) : quarterCharsTokens(messageText(system))) : 0;
  const threshold = config.window <= 0 ? Infinity : gateThreshold(config.window, config);
  let all = 0;
  let sinceAnchor = 0;
  let anchorTokens: number | undefined;
  const append = (message: Message): void => {
    const tokens = estimator.messageTokens(message);
    all += tokens;
    if (!isExact && isUsageAnchor(message)) {
      anchorTokens = usageTokens(message.usage);
      sinceAnchor = 0;
    } else sinceAnchor += tokens;
  };
  return {
    checkpoint: 'turn-end',
    checkpointLabel,
    reset(context, carryState) {
      all = 0;
      sinceAnchor = 0;
      anchorTokens = undefined;
      // The run takes an earlier run's pinned carriers out before it estimates (the seed rebuilds the carrier for each
      // request and never counts it); unified carries no state, so its carriers stay, as its run counts them.
      const carried = carryState === undefined ? undefined : autoCompactorCarrySchema.safeParse(carryState);
      for (const message of withoutCarriedCarriers(context, carried?.success ? carried.data : undefined)) append(message);
    },
    append,
    reading() {
      const isAnchored = anchorTokens !== undefined;
      const tokens = isAnchored ? (anchorTokens ?? 0) + sinceAnchor : all + systemTokens;
      const isOver = config.window > 0 && shouldCompact(tokens, config.window, config);
      return { tokens, threshold, fires: config.window > 0 && (config.force || isOver), basis: isExact ? 'exact' : isAnchored ? 'logged-usage' : 'estimate' };
    },
  };
}
