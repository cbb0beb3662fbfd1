import { useMemo } from 'react';
import { inheritingWindow, type ConfigDocument } from '../engine/config';
import { useConfigStore, type ConfigTarget } from './config-store';
import { useLabStore } from './store';

// Apart from run-request.ts, which checks the summarizers: the page's first bundle reads the run's document (share,
// Code, limits) without loading the provider specs' schemas, which only a request needs.

/**
 * The document a run of this config is asked to run: the page's window written in while the document sets none
 * (`inheritingWindow`), so the run, its checks, its limits and a share all see the window the run will use.
 */
export function runDocument(document: ConfigDocument, pageWindow = useLabStore.getState().contextWindow): ConfigDocument {
  return inheritingWindow(document, pageWindow);
}

/** `runDocument` of a store's config as a hook: undefined while its text is not a JSON object. */
export function useRunDocument(target: ConfigTarget = 'config'): ConfigDocument | undefined {
  const document = useConfigStore((state) => (target === 'variantB' ? (state.variantB ?? state.config) : state.config).document);
  const pageWindow = useLabStore((state) => state.contextWindow);
  return useMemo(() => document && runDocument(document, pageWindow), [document, pageWindow]);
}

