import { leavesWindowToProfile, setsWindow, windowFieldOf, type ConfigDocument } from '../../engine/config';
import { useLabStore } from '../../state/store';
import { formatInteger } from '../../ui/format';

/**
 * Under the config JSON: says that a window the JSON does not set is inherited from the page, since the box then holds
 * no window at all while the run uses one (and Copy config JSON writes it in, as the run will use it).
 */
export function InheritedWindowNote({ document }: { document?: ConfigDocument }) {
  const pageWindow = useLabStore((state) => state.contextWindow);
  const field = document && windowFieldOf(document);
  if (!document || field === undefined) return null;
  if (leavesWindowToProfile(document)) return <p className="muted" data-testid="inherited-window">"{field}": null leaves the window to the profile; the page's window is not used.</p>;
  if (setsWindow(document)) return null;
  return (
    <p className="muted" data-testid="inherited-window">
      No "{field}" here: the run inherits the page's context window, {formatInteger(pageWindow)} tokens (the header's). Set "{field}" to give this run a window of its own; a shared or exported config carries the window the run uses.
    </p>
  );
}
