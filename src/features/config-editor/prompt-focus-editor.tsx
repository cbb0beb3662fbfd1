import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { unknownVariables, upstreamPlaceholderProblem, valueAt, withValueAt, type ConfigDocument, type PromptSlot } from '../../engine/config';
import { PromptDiff } from './prompt-diff';
import { PromptWordingNote } from './prompt-wording-note';

/** The lowest height the editor's columns take, wherever they sit: most of a small viewport, never a few lines. */
function fewestPixels(): number {
  return Math.max(320, Math.round(window.innerHeight * 0.55));
}

/** The nearest ancestor that scrolls (the A/B panel, the views column), or undefined for the page itself. */
function scrollerOf(element: HTMLElement): HTMLElement | undefined {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(parent).overflowY)) return parent;
  }
  return undefined;
}

/**
 * The height that lets the columns fill what scrolls them below the editor's head (at least `fewestPixels`), kept up
 * to date as that area resizes: where that area has room, the editor shows whole, its head at the top.
 */
function useFittedHeight(section: RefObject<HTMLElement | null>, columns: RefObject<HTMLElement | null>): number | undefined {
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    const [sectionElement, columnsElement] = [section.current, columns.current];
    if (!sectionElement || !columnsElement) return;
    const scroller = scrollerOf(sectionElement);
    const measure = () => {
      const available = scroller ? scroller.clientHeight : window.innerHeight;
      const head = columnsElement.getBoundingClientRect().top - sectionElement.getBoundingClientRect().top;
      setHeight(Math.max(fewestPixels(), Math.floor(available - head - 12)));
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    if (scroller) observer?.observe(scroller);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [section, columns]);
  return height;
}

/**
 * One prompt as the main editor, where the config editor's form was: the override in a tall text box across most of
 * the tab (as tall as what scrolls it allows), the default beside it (read-only, to compare), the changes against the default under the default, and the
 * checks of its variables. It opens scrolled to its top with the text focused; Escape or Done goes back to the form
 * and gives the focus back to what opened it (`onDone` gets that element, null when it is gone).
 */
export function PromptFocusEditor({ slot, document, onDocument, onDone, focusSerial }: {
  slot: PromptSlot;
  document: ConfigDocument;
  onDocument(document: ConfigDocument): void;
  onDone(opener: HTMLElement | null): void;
  /** Each new value (the prompt asked for again) brings the editor into view and focuses it again. */
  focusSerial: number;
}) {
  const [isDiffShown, setDiffShown] = useState(true);
  const section = useRef<HTMLElement>(null);
  const editor = useRef<HTMLTextAreaElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const columns = useRef<HTMLDivElement>(null);
  const height = useFittedHeight(section, columns);
  useEffect(() => {
    // What had the focus when the editor opened (A/B's "Edit a prompt in B" stays on the page; a list's Edit does not).
    const active = globalThis.document.activeElement;
    if (active instanceof HTMLElement && active !== globalThis.document.body && !section.current?.contains(active)) opener.current = active;
    section.current?.scrollIntoView?.({ block: 'start' });
    editor.current?.focus({ preventScroll: true });
  }, [focusSerial]);
  const stored = valueAt(document, slot.path);
  const override = typeof stored === 'string' ? stored : '';
  const isSet = typeof stored === 'string';
  const unknown = isSet ? unknownVariables(slot, override) : [];
  const upstreamProblem = isSet ? upstreamPlaceholderProblem(slot, override) : undefined;
  const write = (text: string) => onDocument(withValueAt(document, slot.path, text === '' ? undefined : text));
  // The changes sit anywhere in a long prompt: keep the first one in sight in the diff beside the editor.
  useEffect(() => {
    const diff = section.current?.querySelector<HTMLElement>('.prompt-diff');
    const change = diff?.querySelector<HTMLElement>('ins, del');
    if (diff && change) diff.scrollTop += change.getBoundingClientRect().top - diff.getBoundingClientRect().top - 24;
  }, [override, isDiffShown]);
  const done = () => onDone(opener.current?.isConnected ? opener.current : null);
  return (
    <section
      ref={section}
      className="prompt-focus"
      aria-label={slot.label}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        done();
      }}
    >
      <div className="prompt-focus-head">
        <h4>{slot.label}{isSet ? ' — overridden' : ''}</h4>
        <span className="muted">Escape or Done goes back to the form.</span>
        <button type="button" className="primary-button" onClick={done}>Done</button>
      </div>
      <p className="muted prompt-variables">
        {slot.variables.length === 0 ? 'Takes no {{variables}}.' : `Variables: ${slot.variables.map((name) => `{{${name}}}`).join(', ')}`}
        {' · '}config path <code>{slot.path.join('.')}</code>
      </p>
      {unknown.length > 0 && (
        <p className="alert" role="alert">
          {unknown.map((name) => `{{${name}}}`).join(', ')} {unknown.length === 1 ? 'is' : 'are'} not filled by this prompt and would reach the model as literal braces; a run is blocked until it is fixed.
        </p>
      )}
      {upstreamProblem && <p className="alert" role="alert">{upstreamProblem} A run is blocked until it is fixed.</p>}
      <div ref={columns} className="prompt-focus-columns" style={height === undefined ? undefined : { height }}>
        <div className="prompt-focus-main">
          <h5>Your prompt</h5>
          <textarea
            ref={editor}
            className="prompt-focus-text"
            aria-label={`${slot.label} override`}
            value={override}
            spellCheck={false}
            placeholder="Empty: the default is sent."
            onChange={(event) => write(event.target.value)}
          />
          <div className="prompt-actions">
            <button type="button" disabled={!isSet} onClick={() => write('')} aria-label={`Reset ${slot.label}`}>Reset</button>
            <button type="button" onClick={() => write(slot.defaultText)} disabled={isSet || slot.defaultText === ''} aria-label={`Start ${slot.label} from the default`}>
              Start from the default
            </button>
            <label>
              <input type="checkbox" checked={isDiffShown} disabled={!isSet} onChange={(event) => setDiffShown(event.target.checked)} aria-label={`Show the diff of ${slot.label}`} />
              Changes against the default
            </label>
          </div>
        </div>
        <div className="prompt-focus-side">
          <h5>Default (read-only)</h5>
          <PromptWordingNote slot={slot} />
          {slot.defaultText === '' ? <p className="muted">(empty)</p> : <pre className="prompt-focus-default" tabIndex={0} aria-label={`The default ${slot.label}`}>{slot.defaultText}</pre>}
          {isSet && isDiffShown && (
            <>
              <h5>Changes against the default</h5>
              <PromptDiff before={slot.defaultText} after={override} label={slot.label} />
            </>
          )}
        </div>
      </div>
    </section>
  );
}
