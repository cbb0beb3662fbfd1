import './config-editor.css';
import { useEffect, useRef, useState } from 'react';
import { useRunStore } from '../../state/run-store';
import { ConfigForm } from './config-form';
import { describeJsonProblem } from './json-syntax';
import { PresetPicker } from './preset-picker';
import { promptProblems, promptSlotsOf } from '../../engine/config';
import { PromptFocusEditor } from './prompt-focus-editor';
import { PromptOverrides } from './prompt-overrides';
import { useConfigDocument } from './use-config-document';
import { useConfigValidation } from './use-config-validation';
import type { ConfigTarget } from '../../state/config-store';
import type { PromptRequest } from './prompt-request';

type EditorMode = 'form' | 'raw';

/** What the engine and the prompt check say about the config right now, for both modes. */
function ConfigStatus({ syntax, issues, prompts, isChecking }: { syntax?: string; issues?: { path: string; message: string }[]; prompts: string[]; isChecking: boolean }) {
  if (syntax) return <p className="alert config-status" role="alert">{syntax}</p>;
  const problems = [...(issues ?? []).map((issue) => `${issue.path}: ${issue.message}`), ...prompts];
  if (problems.length > 0) {
    return (
      <div className="alert config-status" role="alert">
        <ul aria-label="Config problems">
          {problems.map((problem) => <li key={problem}>{problem}</li>)}
        </ul>
      </div>
    );
  }
  return <p className="muted config-status" aria-live="polite">{isChecking ? 'Checking…' : 'Valid for the engine.'}</p>;
}

/**
 * The config editor: a form generated from the profile's schema or the raw JSON (both edit the config store's text,
 * the one source of truth, so switching keeps every edit), presets, and the profile's prompt overrides. Errors name
 * the field; the engine's own schema checks them in the worker as you type. `target` picks the document: the run
 * panel's config (the Config tab) or A/B's variant B (no presets or reset there: B is reset by copying A). A prompt
 * being edited (its Edit, or a `promptRequest`) takes the editor's place until Done or Escape brings the form back.
 */
export function ConfigEditor({ target = 'config', disabled = false, initialMode = 'form', promptRequest, onPromptClosed }: {
  target?: ConfigTarget;
  disabled?: boolean;
  initialMode?: EditorMode;
  promptRequest?: PromptRequest;
  /** Called when Done or Escape closes the prompt editor (A/B's line about the prompt open below then goes). */
  onPromptClosed?(): void;
}) {
  const [mode, setMode] = useState<EditorMode>(initialMode);
  const [arePromptsShown, setPromptsShown] = useState(false);
  const [shownRequest, setShownRequest] = useState<PromptRequest>();
  // The prompt open as the main editor, and how often one was asked for (each ask scrolls to it and focuses it again).
  const [openPrompt, setOpenPrompt] = useState<{ slotId: string; serial: number }>();
  // A new request opens its prompt (adjusted while rendering, not in an effect: no flash of the old state).
  if (promptRequest && promptRequest.serial !== shownRequest?.serial) {
    setShownRequest(promptRequest);
    setPromptsShown(true);
    setMode('form');
    setOpenPrompt((open) => ({ slotId: promptRequest.slotId, serial: (open?.serial ?? 0) + 1 }));
  }
  const panel = useRef<HTMLElement>(null);
  // Where the focus goes when the prompt editor closes: what opened it, or else the Edit button of the prompt it showed.
  const focusAfterClose = useRef<{ opener: HTMLElement | null; slotId: string }>(undefined);
  useEffect(() => {
    const after = focusAfterClose.current;
    if (openPrompt || !after) return;
    focusAfterClose.current = undefined;
    (after.opener ?? panel.current?.querySelector<HTMLElement>(`[data-edit-prompt="${after.slotId}"]`))?.focus();
  }, [openPrompt]);
  const isRunning = useRunStore((state) => state.status === 'running');
  const isLocked = disabled || (target === 'config' && isRunning);
  const isVariantB = target === 'variantB';
  const config = useConfigDocument(target);
  const verdict = useConfigValidation(config.text, config.document);
  const { document, parsed } = config;
  const prompts = document ? promptProblems(document).map((problem) => problem.message) : [];
  const syntax = parsed.syntaxProblem ? describeJsonProblem(parsed.syntaxProblem) : parsed.notAnObject !== undefined ? 'A config is a JSON object.' : undefined;
  const focusedSlot = openPrompt && promptSlotsOf(config.profile).find((slot) => slot.id === openPrompt.slotId);
  if (openPrompt && focusedSlot && document) {
    return (
      <section ref={panel} className="config-editor-panel is-prompt-open" aria-label={isVariantB ? 'Variant B editor' : 'Config editor'}>
        {/* Locked, not in a disabled fieldset: Done and Escape still leave it while a run goes. */}
        <PromptFocusEditor
          slot={focusedSlot}
          document={document}
          isLocked={isLocked}
          onDocument={config.write}
          focusSerial={openPrompt.serial}
          onDone={(opener) => {
            focusAfterClose.current = { opener, slotId: focusedSlot.id };
            setOpenPrompt(undefined);
            onPromptClosed?.();
          }}
        />
      </section>
    );
  }
  return (
    <section ref={panel} className="config-editor-panel" aria-label={isVariantB ? 'Variant B editor' : 'Config editor'}>
      <div className="config-toolbar">
        {!isVariantB && <PresetPicker contextWindow={config.contextWindow} disabled={isLocked} />}
        <div className="config-modes" role="group" aria-label="Editing mode">
          <button type="button" aria-pressed={mode === 'form'} onClick={() => setMode('form')}>Form</button>
          <button type="button" aria-pressed={mode === 'raw'} onClick={() => setMode('raw')}>Raw JSON</button>
        </div>
        {config.isEdited && !isVariantB && <button type="button" onClick={() => config.writeText(undefined)} disabled={isLocked}>Reset to the profile's defaults</button>}
      </div>
      <ConfigStatus syntax={syntax} issues={verdict?.issues} prompts={prompts} isChecking={document !== undefined && verdict === undefined} />
      {mode === 'raw' ? (
        <textarea
          className="config-raw"
          aria-label={isVariantB ? 'Variant B config JSON' : 'Config JSON'}
          spellCheck={false}
          value={config.text}
          rows={14}
          onChange={(event) => config.writeText(event.target.value)}
          readOnly={isLocked}
        />
      ) : document ? (
        <fieldset className="config-form-fieldset" disabled={isLocked}>
          <ConfigForm profile={config.profile} document={document} issues={verdict?.issues ?? []} onDocument={config.write} />
        </fieldset>
      ) : (
        <p className="muted">Fix the JSON in Raw JSON mode to use the form.</p>
      )}
      {document && (
        // A toggle, not a nested <details>: the panel's own <details> must keep a single <summary>.
        <section className="prompt-overrides-section" aria-label="Prompt overrides">
          <button type="button" className="link-button" aria-expanded={arePromptsShown} onClick={() => setPromptsShown(!arePromptsShown)}>
            {arePromptsShown ? '▾' : '▸'} Prompt overrides{prompts.length > 0 ? ' — needs a fix' : ''}
          </button>
          {arePromptsShown && (
            <fieldset className="config-form-fieldset" disabled={isLocked}>
              <PromptOverrides profile={config.profile} document={document} onDocument={config.write} onEdit={(slotId) => setOpenPrompt((open) => ({ slotId, serial: (open?.serial ?? 0) + 1 }))} />
            </fieldset>
          )}
        </section>
      )}
    </section>
  );
}
