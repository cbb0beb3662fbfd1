import { useEffect, useState } from 'react';
import type { PriceBook } from '../engine';
import { loadPriceBook } from '../providers/prices/price-book';
import { useProviderStore } from './provider-store';

/** The page's price book as it loads: the catalog with the user's overrides, or why it could not be loaded. */
export type PriceBookState = { state: 'loading' } | { state: 'loaded'; book: PriceBook } | { state: 'failed'; reason: string };

/**
 * The catalog with the user's current overrides, for views that price on the main thread (the price editor, a shared
 * config's cost line). The catalog is a chunk of its own, fetched on first use, so the page's first download does not
 * carry it; an edit to the overrides rebuilds the book (the catalog is fetched once).
 */
export function usePriceBook(): PriceBookState {
  const overrides = useProviderStore((state) => state.prices);
  const [loaded, setLoaded] = useState<{ overrides: typeof overrides; result: PriceBookState }>();
  useEffect(() => {
    let current = true;
    loadPriceBook(overrides).then(
      (book) => current && setLoaded({ overrides, result: { state: 'loaded', book } }),
      (error: unknown) => current && setLoaded({ overrides, result: { state: 'failed', reason: error instanceof Error ? error.message : String(error) } }),
    );
    return () => {
      current = false;
    };
  }, [overrides]);
  return loaded?.overrides === overrides ? loaded.result : { state: 'loading' };
}
