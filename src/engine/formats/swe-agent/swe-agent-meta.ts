import type { LoggedUsage } from '../../transcript/model';
import { asNumber, asRecord, asString } from '../shared';
import { MAX_TOTAL_TOKENS, TokenFigures } from '../usage';

/** What a `.traj` file says about its run, outside the conversation itself. */
export interface SweAgentRunFacts {
  model?: string;
  title?: string;
  loggedUsage?: LoggedUsage;
  details: Record<string, string>;
}

/** `replay_config` is stored as a JSON string by some SWE-agent versions and as an object by others. */
function replayConfig(value: unknown): Record<string, unknown> | undefined {
  if (typeof value !== 'string') return asRecord(value);
  try {
    return asRecord(JSON.parse(value));
  } catch {
    return undefined;
  }
}

/**
 * Reads `info` (exit status, submission, model_stats) and `replay_config` (model, instance id).
 * model_stats token figures are sums over every API call of the run, so they go to the totals, never to
 * `lastContextTokens`; a run whose stats are all zero (a replay) logs no usage at all.
 */
export function readSweAgentRunFacts(info: unknown, replayConfigValue: unknown, figures = new TokenFigures()): SweAgentRunFacts {
  const infoRecord = asRecord(info) ?? {};
  const details: Record<string, string> = {};
  const exitStatus = asString(infoRecord.exit_status);
  if (exitStatus) details.exitStatus = exitStatus;
  const submission = asString(infoRecord.submission);
  if (submission) details.submission = submission;
  const stats = asRecord(infoRecord.model_stats) ?? {};
  const tokensSent = figures.read(stats, 'tokens_sent', MAX_TOTAL_TOKENS) ?? 0;
  const tokensReceived = figures.read(stats, 'tokens_received', MAX_TOTAL_TOKENS) ?? 0;
  const apiCalls = asNumber(stats.api_calls);
  const instanceCost = asNumber(stats.instance_cost);
  if (apiCalls !== undefined) details.apiCalls = String(apiCalls);
  if (instanceCost !== undefined) details.instanceCostUsd = String(instanceCost);
  const config = replayConfig(replayConfigValue);
  const model = asString(asRecord(asRecord(config?.agent)?.model)?.name);
  const title = asString(asRecord(config?.problem_statement)?.id);
  const loggedUsage: LoggedUsage | undefined =
    tokensSent > 0 || tokensReceived > 0
      ? {
          totalInputTokens: tokensSent,
          totalOutputTokens: tokensReceived,
          description: `SWE-agent info.model_stats: tokens_sent / tokens_received summed over all ${
            apiCalls ?? 'logged'
          } API calls of the run (cumulative, not a context fill)`,
        }
      : undefined;
  return { model, title, loggedUsage, details };
}
