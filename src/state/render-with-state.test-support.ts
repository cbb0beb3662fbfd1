import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import { createElement, type ReactElement } from 'react';
import { readFixture } from '../engine/formats/fixture-files.test-support';
import type { RunResult } from '../engine';
import type { Transcript } from '../engine/transcript';
import { labClient } from '../worker-client/lab-client';
import { unwrap } from '../worker-client/reply';
import type { CompactRequest } from '../worker-client/run-protocol';
import { useConfigStore } from './config-store';
import { resetLabClient } from './in-process-lab-client.test-support';
import { useNetworkStore } from './network-store';
import { useProviderStore } from './provider-store';
import { useRunStore } from './run-store';
import { useRunStartStore } from './run-start';
import { countKey, useLabStore } from './store';

/*
 * Component tests of the page's stateful views: the stores seeded as the page seeds them, from a real fixture transcript
 * and real compaction runs. The test file must swap the worker client for the in-process one first:
 *   vi.mock('<relative>/worker-client/lab-client', () => import('<relative>/state/in-process-lab-client.test-support'));
 */

/**
 * Forgets everything a previous test left: the page's stores at their first state, stored settings, the layout's
 * session choices (folds), and the worker's data.
 */
export function resetPage(): void {
  localStorage.clear();
  sessionStorage.clear();
  useLabStore.setState(useLabStore.getInitialState(), true);
  useRunStore.setState(useRunStore.getInitialState(), true);
  useConfigStore.setState(useConfigStore.getInitialState(), true);
  useProviderStore.setState(useProviderStore.getInitialState(), true);
  useNetworkStore.setState(useNetworkStore.getInitialState(), true);
  useRunStartStore.setState(useRunStartStore.getInitialState(), true);
  resetLabClient();
}

/** Renders a view inside what the app gives every view: a query client of its own (no retries, nothing shared). */
export function renderWithState(view: ReactElement): RenderResult {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  return render(createElement(QueryClientProvider, { client }, view));
}

/** What `loadFixture` put on the page: the first transcript of the file and its worker key. */
interface LoadedFixture {
  transcript: Transcript;
  transcriptKey: string;
}

/**
 * Loads a fixture transcript (a path under `e2e/fixtures/transcripts`) as the page does: imported by the worker, then
 * counted exactly in the page's encoding, so every token figure is on the page's basis.
 */
export async function loadFixture(name: string): Promise<LoadedFixture> {
  const response = unwrap(await labClient.importText(readFixture(name), name));
  const transcriptKey = response.transcriptKeys[0];
  await act(async () => {
    useLabStore.getState().loadSucceeded(name, response);
    const { encoding, countStarted, batchCounted, countFinished } = useLabStore.getState();
    const key = countKey(transcriptKey, encoding);
    countStarted(key);
    countFinished(key, unwrap(await labClient.countTokens(transcriptKey, encoding, (batch) => batchCounted(key, batch))));
  });
  return { transcript: response.transcripts[0], transcriptKey };
}

/**
 * Writes `config` into the Compaction panel's config (A/B's variant A), as typing it in the config editor does, then
 * runs it on the selected transcript as the panel's Run button does (offline summarizer, the page's encoding): the run
 * store hears `runStarted`, every event, then `runFinished`. Resolves with the finished result.
 */
export async function runOnPage(config: unknown, options: Pick<CompactRequest, 'runAnyway'> = {}): Promise<RunResult> {
  const { imported, transcriptIndex, encoding } = useLabStore.getState();
  if (!imported) throw new Error('load a transcript before running');
  const transcriptKey = imported.transcriptKeys[transcriptIndex];
  let finished: RunResult | undefined;
  await act(async () => {
    useConfigStore.getState().configEdited(JSON.stringify(config, null, 2));
    const { document } = useConfigStore.getState().config;
    if (!document) throw new Error('runOnPage needs a config that is a JSON object');
    useRunStore.getState().runStarted(transcriptKey, document, encoding, Date.now());
    const answer = unwrap(await labClient.compact({ transcriptKey, config: document, encoding, ...options }, (event) => useRunStore.getState().eventReceived(event, Date.now())));
    finished = answer.result;
    useRunStore.getState().runFinished(answer, Date.now());
  });
  if (!finished) throw new Error('the run did not finish');
  return finished;
}

/**
 * Gives elements a size, which happy-dom (no layout) leaves at 0: every element is `viewportHeight` tall inside and
 * `rowHeight` tall outside, so a virtualized list draws every row of a small transcript. Returns the undo.
 */
export function giveLayout(viewportHeight = 20_000, rowHeight = 100): () => void {
  const prototype = HTMLElement.prototype;
  const saved = ['clientHeight', 'clientWidth', 'offsetHeight', 'offsetWidth'].map((name) => [name, Object.getOwnPropertyDescriptor(prototype, name)] as const);
  Object.defineProperties(prototype, {
    clientHeight: { configurable: true, get: () => viewportHeight },
    clientWidth: { configurable: true, get: () => 1000 },
    offsetHeight: { configurable: true, get: () => rowHeight },
    offsetWidth: { configurable: true, get: () => 1000 },
  });
  return () => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(prototype, name, descriptor);
      else Reflect.deleteProperty(prototype, name);
    }
  };
}
