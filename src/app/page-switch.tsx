import type { PageView } from './use-page-view';

/** The header's switch between the lab and the Experiments view: two buttons, the chosen one pressed. */
export function PageSwitch({ view, onChoose }: { view: PageView; onChoose(view: PageView): void }) {
  return (
    <div className="page-switch" role="group" aria-label="View">
      <button type="button" aria-pressed={view === 'lab'} onClick={() => onChoose('lab')}>
        Lab
      </button>
      <button type="button" aria-pressed={view === 'experiments'} onClick={() => onChoose('experiments')}>
        Experiments
      </button>
    </div>
  );
}
