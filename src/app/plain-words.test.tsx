// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbPanel } from '../features/ab/ab-panel';
import { ConfigEditor } from '../features/config-editor/config-editor';
import { DiffView } from '../features/diff/diff-view';
import { ProvidersDialog } from '../features/providers/providers-dialog';
import { TranscriptSummary } from '../features/import-report/transcript-summary';
import { RetentionView } from '../features/retention/retention-view';
import { RunPanel } from '../features/run/run-panel';
import { DerivedLimits } from '../features/run/settings-check';
import { UpstreamDifferences } from '../features/run/upstream-differences';
import { PassTimeline } from '../features/timeline/pass-timeline';
import { TokensView } from '../features/tokens/tokens-view';
import { VersusView } from '../features/versus/versus-view';
import { giveLayout, loadFixture, renderWithState, resetPage, runOnPage } from '../state/render-with-state.test-support';
import { GlossaryDialog } from '../ui/glossary-dialog';
import { closeGlossary } from '../ui/glossary-store';
import { glossary, type TermId } from '../ui/glossary-terms';
import { GlossaryLink, Term } from '../ui/term';

vi.mock('../worker-client/lab-client', () => import('../state/in-process-lab-client.test-support'));

/** The bundled sample: logged usage (so a fitted overhead), one compaction by the agent (so Vs agent compares). */
const session = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';
/** One forced pass of the multi-pass summary with a pinned line: a summary, and the message carrying the pinned lines. */
const pinnedRun = { profile: 'auto-compactor', window: 60_000, force: true, keepRecentTokens: 3000, operativeSkills: [{ name: 'rules', operative: ['Never push to main without review.'] }] };

/** The lab's own words that must never reach the page's text outside a tooltip or the glossary. */
const rawTerms: readonly RegExp[] = [/gate saw/i, /unstored overhead/i, /pinned carrier/i, /need-weighted/i, /\bsmol\b/i, /\bseeds? \d/i, /\bno-op\b/i, /llm-summary/i];

/**
 * The page's own words: everything but the glossary (whose job is to name the terms), the transcript's and the
 * summaries' text as they are (messages, facts, summaries: `pre`, `code`, `q`, the Diff's rows; the sample's own test
 * names say "no-op"), and the list of where a profile departs from its upstream code, folded by default and written
 * for readers of that code in its own terms.
 */
function pageWords(root: HTMLElement): string {
  const copy = root.cloneNode(true) as HTMLElement;
  for (const element of copy.querySelectorAll('.glossary-dialog, pre, code, q, textarea, [aria-label="Diff"], .upstream-differences')) element.remove();
  return copy.textContent ?? '';
}

let undoLayout: () => void;
beforeAll(() => {
  undoLayout = giveLayout();
});
afterAll(() => undoLayout());
beforeEach(() => {
  resetPage();
  act(closeGlossary);
});
afterEach(cleanup);

describe('plain words on the page', () => {
  it('says every internal term in plain words after a finished run, keeping the term in the tooltip', async () => {
    await loadFixture(session);
    await runOnPage(pinnedRun);
    const { container } = renderWithState(
      <>
        <TranscriptSummary />
        <PassTimeline />
        <RunPanel />
        <DiffView />
        <TokensView />
        <RetentionView probes={() => null} />
        <VersusView onShowMessage={() => undefined} />
        <AbPanel variantEditor={() => null} />
        <ConfigEditor />
        <ProvidersDialog onClose={() => undefined} />
        <GlossaryDialog />
      </>,
    );
    await screen.findByRole('table', { name: 'Tokens by kind per pass' }, { timeout: 20_000 });
    const versus = screen.getByRole('region', { name: "Against the agent's own compaction" });
    fireEvent.click(within(versus).getByRole('button', { name: /^Compare with / }));
    await within(versus).findByRole('region', { name: "The agent's context after its compaction" }, { timeout: 30_000 });

    const text = pageWords(container);
    for (const term of rawTerms) expect(text, `${term} on the page`).not.toMatch(term);
    // The plain words are there instead, and the profile by what it does with where it comes from.
    expect(text).toContain('for the system prompt and tools not in the file');
    expect(text).toContain("its estimate");
    expect(text).toContain("profile's own estimate");
    expect(text).toContain('summary (offline summarizer)');
    expect(text).toContain('pinned-lines message');
    expect(text).toContain('Needed facts kept');
    expect(screen.getByRole('option', { name: 'Multi-pass summary with pinned rules' })).toBeTruthy();
    expect(text).toContain('after the Dart AutoCompactor · id');
    // Each term said in plain words keeps the lab's own term in its tooltip.
    const marked = [...container.querySelectorAll<HTMLElement>('[data-term]')];
    expect([...new Set(marked.map((element) => element.dataset.term))].sort()).toEqual(['cache-lifetime', 'cache-read', 'cache-write', 'cheap-model', 'gate-estimate', 'needed-facts', 'overhead', 'prompt-caching', 'summary']);
    for (const element of marked) expect(element.title).toContain(`“${glossary[element.dataset.term as TermId].term}”`);
  }, 90_000);

  it('says an overhead over the trigger and the titles of where unified departs from upstream in plain words', () => {
    const { container } = renderWithState(
      <>
        <DerivedLimits limits={{ trigger: 1500, triggerRule: 'window − reserve' }} overheadTokens={25_000} />
        <div className="titles">{(['unified', 'auto-compactor', 'two-tier', 'rolling-summary'] as const).map((profile) => <UpstreamDifferences key={profile} profile={profile} />)}</div>
      </>,
    );
    const limits = screen.getByTestId('derived-limits');
    for (const term of rawTerms) expect(limits.textContent, `${term} in the limits`).not.toMatch(term);
    expect(limits.textContent).toContain('system prompt and tools not in the file alone (25,000 tokens) are over the trigger');
    // The list itself is written for readers of the upstream code, but each difference's title is the page's own words.
    const titles = [...container.querySelectorAll('.upstream-differences summary, .upstream-differences h4, .upstream-differences strong')].map((element) => element.textContent ?? '');
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).not.toMatch(/\bseeds? \d/i);
  });

  it('opens the glossary from its link and from every term, at that term’s entry', () => {
    const ids = Object.keys(glossary) as TermId[];
    renderWithState(
      <>
        <GlossaryLink />
        {ids.map((id) => (
          <Term key={id} id={id} />
        ))}
        <GlossaryDialog />
      </>,
    );
    const dialog = document.querySelector('dialog.glossary-dialog') as HTMLDialogElement;
    expect(dialog.getAttribute('aria-label')).toBe('Glossary');
    expect(dialog.open).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Glossary' }));
    expect(dialog.open).toBe(true);
    // Every entry: the plain words, the term, and what it is.
    for (const id of ids) {
      const entry = dialog.querySelector(`#glossary-${id}`);
      expect(entry?.querySelector('dt')?.textContent).toBe(`${glossary[id].plain} — ${glossary[id].term}`);
      expect(entry?.querySelector('dd')?.textContent).toBe(glossary[id].meaning);
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(dialog.open).toBe(false);
    for (const id of ids) {
      const link = screen.getAllByRole('link').find((element) => element.dataset.term === id);
      expect(link?.getAttribute('href')).toBe(`#glossary-${id}`);
      fireEvent.click(link as HTMLElement);
      expect(dialog.open).toBe(true);
      expect(dialog.querySelector('.glossary-entry.is-chosen')?.id).toBe(`glossary-${id}`);
    }
  });
});
