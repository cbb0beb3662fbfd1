import { useCallback, useEffect, useState } from 'react';

/** The page's two views: the lab (one transcript at a time, in tabs) and the cross-transcript Experiments view. */
export type PageView = 'lab' | 'experiments';

/** `#experiments`, or a shared experiment's `#experiment=…`, opens the Experiments view; anything else the lab. */
function viewOfHash(hash: string): PageView {
  return /^#experiments?(=|$)/.test(hash) ? 'experiments' : 'lab';
}

/**
 * The view shown, kept in the URL's hash so a reload (or a shared link) opens the same one. Choosing the lab drops the
 * hash without a new history entry; a config link's `#config=…` is left to its own dialog.
 */
export function usePageView(): [PageView, (view: PageView) => void] {
  const [view, setView] = useState<PageView>(() => viewOfHash(window.location.hash));
  useEffect(() => {
    const follow = () => setView(viewOfHash(window.location.hash));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const choose = useCallback((next: PageView) => {
    setView(next);
    const url = new URL(window.location.href);
    if (next === 'experiments' && viewOfHash(url.hash) !== 'experiments') url.hash = 'experiments';
    if (next === 'lab' && viewOfHash(url.hash) === 'experiments') url.hash = '';
    window.history.replaceState(window.history.state, '', url.hash === '' ? `${url.pathname}${url.search}` : url.href);
  }, []);
  return [view, choose];
}
