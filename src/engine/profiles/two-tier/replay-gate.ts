import type { ReplayCheckpoint, ReplayGate } from '../../run/replay-gate';
import type { EnginePorts } from '../../run/ports';
import { toHarnMessage } from '../../strategies/harn-message';
import { utf8ByteLength } from '../../tokens/estimate';
import { messageText } from '../../tokens/message-text';
import type { Message } from '../../transcript/model';
import type { TwoTierConfig } from './config';
import { systemTokens } from './estimate';
import { decideGate } from './gate';
import { resolveTwoTierSettings } from './lowering';
import { microcompactMessages } from './microcompact-pass';
import { compressWith } from './run-two-tier';

/** Where harn checks each trigger: before every model call (preflight), after each tool turn (post-turn), on every message (daemon). */
const checkpoints: Record<TwoTierConfig['trigger'], { checkpoint: ReplayCheckpoint; label: string }> = {
  preflight: { checkpoint: 'model-call', label: 'before every model call (harn preflight)' },
  'post-turn': { checkpoint: 'tool-turn-end', label: 'after each tool turn, before the model is called again (harn post-turn)' },
  daemon: { checkpoint: 'message', label: 'on every message (harn daemon)' },
  manual: { checkpoint: 'never', label: 'only when asked (harn manual): a replay never compacts' },
};

/**
 * Seed 3's gate kept up to date message by message: the same estimate `runTwoTier` takes (UTF-8 bytes/4 of each
 * message's content summed then divided, or the counter's counts; the system prompt for preflight and post-turn) and
 * `decideGate`'s comparison. Tool outputs are microcompacted as they join the context (`admit`), as harn cuts them at
 * tool dispatch, so the context between compactions is the one harn would hold.
 */
export function twoTierReplayGate(config: TwoTierConfig, ports: EnginePorts, system: Message | undefined): ReplayGate {
  const settings = resolveTwoTierSettings(config);
  const isCounter = config.tokenEstimator === 'counter';
  const countsSystem = config.trigger === 'preflight' || config.trigger === 'post-turn';
  const systemPart = countsSystem && system ? systemTokens(config.tokenEstimator, ports.counter, messageText(system)) : 0;
  // Bytes are summed before dividing, as the seed's estimate divides once.
  const size = (message: Message): number => {
    const content = toHarnMessage(message).content;
    return isCounter ? ports.counter.count(content) : utf8ByteLength(content);
  };
  const compress = ports.hasUserConsent ? compressWith({ config, ports }) : undefined;
  let total = 0;
  const { checkpoint, label } = checkpoints[config.trigger];
  return {
    checkpoint: settings.isEnabled ? checkpoint : 'never',
    checkpointLabel: settings.isEnabled ? label : 'never (policy none: compaction is off)',
    async admit(message) {
      if (!settings.microcompacts) return message;
      return (await microcompactMessages([message], config.toolOutputMaxChars, compress)).messages[0];
    },
    reset(context) {
      total = 0;
      for (const message of context) total += size(message);
    },
    append(message) {
      total += size(message);
    },
    reading() {
      const tokens = (isCounter ? total : Math.floor(total / 4)) + systemPart;
      const decision = decideGate(config, settings, tokens);
      return { tokens, threshold: settings.isEnabled ? settings.tokenThreshold : Infinity, fires: decision.shouldCompact, basis: isCounter ? 'exact' : 'estimate' };
    },
  };
}
