import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { valueAt, withValueAt, type ConfigDocument, type PromptSlot } from '../../engine/config';
import { PromptDiff } from './prompt-diff';
import { PromptRunBlocks } from './prompt-run-blocks';
import { PromptWordingNote } from './prompt-wording-note';

/** The least the columns (text box, its buttons, the default) take however little shows: a few lines to type in. */
const fewestPixels = 200;

/** The nearest ancestor that scrolls (the A/B panel, the views column), or undefined for the page itself. */
function scrollerOf(element: HTMLElement): HTMLElement | undefined {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(parent).overflowY)) return parent;
  }
  return undefined;
}

/** How tall the part of `scroller` (or of the page) on screen is: its own height, less what lies past the window. */
function visibleHeight(scroller: HTMLElement | undefined): number {
  if (!scroller) return window.innerHeight;
  return Math.min(scroller.clientHeight, window.innerHeight - Math.max(0, scroller.getBoundingClientRect().top));
}

/**
 * The columns' height that fits the whole editor (its head, the text box and its buttons) in what shows of its
 * scroller, kept up to date as the scroller resizes or the head grows (a variable's warning appears). The fit wins
 * over a tall editor: an editor taller than the screen hides its own buttons.
 */
function useFittedHeight(section: RefObject<HTMLElement | null>, columns: RefObject<HTMLElement | null>): number | undefined {
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    const [sectionElement, columnsElement] = [section.current, columns.current];
    if (!sectionElement || !columnsElement) return;
    const scroller = scrollerOf(sectionElement);
    const measure = () => {
      const head = columnsElement.getBoundingClientRect().top - sectionElement.getBoundingClientRect().top;
      // Scrolled to, the section stands its scroll margin below the scroller's top and ends with its bottom padding
      // (the room under the buttons, which also lets the scroller scroll that far: the editor is the last thing in it).
      const { scrollMarginTop, paddingBottom } = getComputedStyle(sectionElement);
      const frame = (Number.parseFloat(scrollMarginTop) || 0) + (Number.parseFloat(paddingBottom) || 0);
      setHeight(Math.max(fewestPixels, Math.floor(visibleHeight(scroller) - head - frame)));
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    if (scroller) observer?.observe(scroller);
    observer?.observe(sectionElement);
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
export function PromptFocusEditor({ slot, document, isLocked = false, onDocument, onDone, focusSerial }: {
  slot: PromptSlot;
  document: ConfigDocument;
  /** While a run goes the text is read-only and cannot be reset; Done and Escape still go back to the form. */
  isLocked?: boolean;
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
    editor.current?.focus({ preventScroll: true });
  }, [focusSerial]);
  // Scrolled to once per ask, and only once the fitted height is on the page: scrolled earlier, the scroller stops
  // short (the editor is the last thing in it, and shorter then), and the taller editor then runs past the screen.
  const scrolledSerial = useRef<number>(undefined);
  useLayoutEffect(() => {
    if (height === undefined || scrolledSerial.current === focusSerial) return;
    scrolledSerial.current = focusSerial;
    section.current?.scrollIntoView?.({ block: 'start' });
  }, [focusSerial, height]);
  const stored = valueAt(document, slot.path);
  const override = typeof stored === 'string' ? stored : '';
  const isSet = typeof stored === 'string';
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
      <PromptRunBlocks slot={slot} override={isSet ? override : undefined} />
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
            readOnly={isLocked}
            onChange={(event) => write(event.target.value)}
          />
          <div className="prompt-actions">
            <button type="button" disabled={isLocked || !isSet} onClick={() => write('')} aria-label={`Reset ${slot.label}`}>Reset</button>
            <button type="button" onClick={() => write(slot.defaultText)} disabled={isLocked || isSet || slot.defaultText === ''} aria-label={`Start ${slot.label} from the default`}>
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
