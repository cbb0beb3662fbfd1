import { useId, useRef, type ReactNode } from 'react';

/** One tab: its label and its panel's content (rendered only while the tab is chosen). */
export interface Tab {
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * Accessible tabs (WAI-ARIA tabs pattern): ←/→, Home and End move between tabs when a tab has focus. Only the chosen
 * panel is mounted, so a heavy view costs nothing while hidden. A mouse click chooses a tab without focusing it (as
 * Safari does with every button), so the page's own keys (←/→ step passes) go on working after a click; a keyboard
 * user reaches the tabs with Tab and has their arrows.
 */
export function Tabs({ tabs, chosen, onChoose, label }: { tabs: Tab[]; chosen: string; onChoose(id: string): void; label: string }) {
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(0, tabs.findIndex((tab) => tab.id === chosen));
  const move = (to: number) => {
    const next = (to + tabs.length) % tabs.length;
    onChoose(tabs[next].id);
    buttons.current[next]?.focus();
  };
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tab-list">
        {tabs.map((tab, position) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[position] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={position === index}
            aria-controls={`${baseId}-panel-${tab.id}`}
            tabIndex={position === index ? 0 : -1}
            onMouseDown={(event) => {
              // A press on a tab moves focus nowhere, as a click on the page's background would: it leaves any field.
              event.preventDefault();
              if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
            }}
            onClick={() => onChoose(tab.id)}
            onKeyDown={(event) => {
              const moves: Record<string, number> = { ArrowRight: position + 1, ArrowLeft: position - 1, Home: 0, End: tabs.length - 1 };
              if (event.key in moves) {
                event.preventDefault();
                event.stopPropagation();
                move(moves[event.key]);
              }
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel-${tabs[index].id}`} aria-labelledby={`${baseId}-tab-${tabs[index].id}`} className="tab-panel">
        {tabs[index].content}
      </div>
    </div>
  );
}
