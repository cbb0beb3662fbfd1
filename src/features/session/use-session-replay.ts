import { useCallback } from 'react';
import { chosenProviders } from '../../state/chosen-providers';
import { useConfigStore } from '../../state/config-store';
import { useNetworkStore } from '../../state/network-store';
import { openReplayCompaction } from '../../state/open-replay-compaction';
import { promptProblems } from '../../state/prompt-problems';
import { useProviderStore } from '../../state/provider-store';
import { useLabStore } from '../../state/store';
import { labClient } from '../../worker-client/lab-client';
import type { LiveCallRecord } from '../../worker-client/protocol';
import { unwrap } from '../../worker-client/reply';
import { useSessionStore, type PolicyId } from './session-store';

/** The running replays' stop: aborting it asks the worker to stop every running replay (they answer as cancelled). */
let running: AbortController | undefined;

/** A live call of a replay's compactions, for the network panel. */
function recordCall(call: LiveCallRecord): void {
  useNetworkStore.getState().callRecorded(call, Date.now());
}

/** The configs to replay, each checked as the run panel checks its own before any call; or why none can run. */
function configsToReplay(withB: boolean): { configs: Partial<Record<PolicyId, unknown>> } | { problem: string } {
  const { config, variantB } = useConfigStore.getState();
  if (config.syntaxProblem) return { problem: `The config is not valid JSON: ${config.syntaxProblem.parserMessage}` };
  const configs: Partial<Record<PolicyId, unknown>> = { a: config.document };
  if (withB) {
    const b = variantB ?? config;
    if (b.syntaxProblem) return { problem: `Policy B's config is not valid JSON: ${b.syntaxProblem.parserMessage}` };
    configs.b = b.document;
  }
  // A mistyped {{variable}} would reach the model as literal braces: refuse before any call is made.
  const prompts = Object.values(configs).flatMap((document) => promptProblems(document));
  if (prompts.length > 0) return { problem: prompts.join(' ') };
  return { configs };
}

/**
 * Replaying the session on screen under the run panel's config (and, comparing, policy B's) with the page's encoding
 * and summarizer choice, as the run panel's `useCompaction` runs one compaction; Cancel stops every running replay,
 * which answers with the steps up to then. `open` shows one compaction in the pass timeline and the inspector views.
 */
export function useSessionReplay(): { start(runAnyway?: boolean): Promise<void>; cancel(): void; open(policy: PolicyId, ordinal: number): Promise<boolean> } {
  const start = useCallback(async (runAnyway = false) => {
    const { imported, transcriptIndex, encoding } = useLabStore.getState();
    const store = useSessionStore.getState();
    if (!imported) return;
    const transcriptKey = imported.transcriptKeys[transcriptIndex];
    const checked = configsToReplay(store.isComparing);
    if ('problem' in checked) return store.refused(checked.problem);
    const { mode, rungs, prices } = useProviderStore.getState();
    const chosen = chosenProviders(mode, rungs);
    if ('error' in chosen) return store.refused(chosen.error);
    running?.abort();
    const controller = new AbortController();
    running = controller;
    const policies = Object.keys(checked.configs) as PolicyId[];
    const serial = store.replaysStarted(transcriptKey, encoding, checked.configs, chosen.providers === undefined);
    await Promise.all(
      policies.map(async (policy) => {
        try {
          const outcome = unwrap(
            await labClient.replaySession(
              { transcriptKey, config: checked.configs[policy], encoding, providers: chosen.providers, prices: chosen.providers ? prices : undefined, runAnyway },
              (progress) => useSessionStore.getState().progressed(serial, policy, progress),
              undefined,
              recordCall,
              controller.signal,
            ),
          );
          useSessionStore.getState().finished(serial, policy, outcome);
        } catch (error) {
          useSessionStore.getState().failed(serial, policy, error instanceof Error ? error.message : String(error));
        }
      }),
    );
    if (running === controller) running = undefined;
  }, []);
  const cancel = useCallback(() => running?.abort(), []);
  const open = useCallback(async (policy: PolicyId, ordinal: number) => {
    const store = useSessionStore.getState();
    const replayId = store.replays[policy]?.replayId;
    if (replayId === undefined) return false;
    try {
      await openReplayCompaction(replayId, ordinal);
      store.openFailed(undefined);
      return true;
    } catch (error) {
      store.openFailed(`Compaction ${ordinal} could not be opened: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }, []);
  return { start, cancel, open };
}
