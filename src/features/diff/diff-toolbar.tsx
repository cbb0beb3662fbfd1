import type { Role } from '../../engine/transcript';
import { fateFilters, type FateFilter, type RoleFilter } from './row-filter';

const roles: readonly Role[] = ['user', 'assistant', 'tool', 'system'];

const fateFilterLabels: Record<FateFilter, string> = {
  all: 'All fates',
  changed: 'Changed only',
  kept: 'Kept',
  masked: 'Masked',
  microcompacted: 'Microcompacted',
  summarized: 'Summarized',
  trimmed: 'Trimmed',
  repaired: 'Repaired',
  dropped: 'Dropped',
  inserted: 'Inserted',
};

/** What the toolbar shows and the handlers behind its controls. */
export interface DiffToolbarProps {
  fateFilter: FateFilter;
  roleFilter: RoleFilter;
  query: string;
  matchCount: number;
  /** 0-based position of the focused row among the matches, -1 when it is not one. */
  matchPosition: number;
  changeCount: number;
  onFateFilter(filter: FateFilter): void;
  onRoleFilter(filter: RoleFilter): void;
  onQuery(query: string): void;
  onStepMatch(direction: 1 | -1): void;
  onStepChange(direction: 1 | -1): void;
}

/** Filters by fate and role, search across both columns, and change stepping: one row (the select names them). */
export function DiffToolbar(props: DiffToolbarProps) {
  const { fateFilter, roleFilter, query, matchCount, matchPosition, changeCount } = props;
  return (
    <div className="diff-toolbar">
      <div className="diff-controls">
        <label>
          <select aria-label="Filter by fate" value={fateFilter} onChange={(event) => props.onFateFilter(event.target.value as FateFilter)}>
            {fateFilters.map((filter) => (
              <option key={filter} value={filter}>
                {fateFilterLabels[filter]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <select aria-label="Filter by role" value={roleFilter} onChange={(event) => props.onRoleFilter(event.target.value as RoleFilter)}>
            <option value="all">All roles</option>
            {roles.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </label>
        <div className="search-box" role="search">
          <input
            type="search"
            aria-label="Search the diff"
            placeholder="Search both columns · Enter / Shift+Enter"
            title="Search both columns: Enter for the next match, Shift+Enter for the previous"
            value={query}
            onChange={(event) => props.onQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                props.onStepMatch(event.shiftKey ? -1 : 1);
              } else if (event.key === 'Escape') props.onQuery('');
            }}
          />
          {query.trim() !== '' && (
            <span className="muted" role="status" aria-live="polite">
              {matchCount === 0 ? 'no matches' : `${matchPosition >= 0 ? `${matchPosition + 1} of ` : ''}${matchCount.toLocaleString('en-US')} matching rows`}
            </span>
          )}
          <button type="button" aria-label="Previous match" title="Previous match (Shift+Enter)" disabled={matchCount === 0} onClick={() => props.onStepMatch(-1)}>↑</button>
          <button type="button" aria-label="Next match" title="Next match (Enter)" disabled={matchCount === 0} onClick={() => props.onStepMatch(1)}>↓</button>
        </div>
        <span className="diff-change-step" role="group" aria-label="Step through changes">
          <span aria-hidden="true">Change</span>
          <button type="button" aria-label="Previous change" disabled={changeCount === 0} onClick={() => props.onStepChange(-1)} title="Previous change (p)" aria-keyshortcuts="p">
            ↑
          </button>
          <button type="button" aria-label="Next change" disabled={changeCount === 0} onClick={() => props.onStepChange(1)} title="Next change (n)" aria-keyshortcuts="n">
            ↓
          </button>
        </span>
      </div>
    </div>
  );
}
