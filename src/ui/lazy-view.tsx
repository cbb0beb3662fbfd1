import { Suspense, type ReactNode } from 'react';

/**
 * A view whose code loads on first use. Until it arrives, a placeholder fills the same area the view will (the tab
 * panel's remaining height), so opening a tab for the first time does not shift anything around it.
 */
export function LazyView({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="view-placeholder" role="status" aria-label={`Loading ${name}`}>
          <span className="skeleton-line" />
          <span className="skeleton-line skeleton-short" />
          <span className="skeleton-block" />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
