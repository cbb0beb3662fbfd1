import { useId, useRef, type ToggleEvent } from 'react';
import { useInspection } from '../../state/use-inspection';
import { exportAnthropic, exportOpenAiChat } from '../../engine';
import { downloadText } from '../../ui/download';
import './export-menu.css';

function baseName(name: string): string {
  return name.replace(/\.[^.]+$/, '').replace(/[^\w.-]+/g, '-') || 'transcript';
}

/**
 * Exports what is shown — the transcript as imported, or the chosen pass's compacted conversation — to the two provider
 * formats. One button in the top bar opens the two (a popover: a click outside or Escape closes it), so the bar keeps
 * to one row at 1024 px.
 */
export function ExportMenu() {
  const { transcript: original, pass, snapshot, openedContext, startedFrom } = useInspection();
  const popoverId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  if (!original) return null;
  // The chosen pass's messages with the original's system prompt and source, which the engine carries apart.
  const shown = snapshot ? { ...original, messages: snapshot.messages } : original;
  // An opened replay compaction's context shares the session's file name: its files say which compaction they are.
  // So does a run's start from the context the agent last held.
  const opened = openedContext ? `.replay-compaction-${openedContext.ordinal}` : startedFrom ? '.last-held' : '';
  const name = `${baseName(shown.source.fileName ?? shown.id)}${opened}${pass > 0 ? `.pass-${pass}` : ''}`;
  // The popover sits in the top layer: it opens under its button, right edges aligned.
  const place = (event: ToggleEvent<HTMLDivElement>) => {
    const box = opener.current?.getBoundingClientRect();
    if (event.newState !== 'open' || !box) return;
    event.currentTarget.style.top = `${box.bottom + 4}px`;
    event.currentTarget.style.right = `${Math.max(0, document.documentElement.clientWidth - box.right)}px`;
  };
  const download = (file: string, text: string, popover: HTMLElement | null) => {
    downloadText(file, text);
    popover?.hidePopover();
  };
  const shownWord = pass > 0 ? `pass ${pass}` : 'original';
  return (
    <div className="export-menu">
      {/* Its whole name stays its accessible name when a narrow header shows only "Export ▾". */}
      <button ref={opener} type="button" popoverTarget={popoverId} title="Export what is shown to a provider's message format" aria-label={`Export ${shownWord} ▾`}>
        Export <span className="wide-words">{shownWord} </span>▾
      </button>
      <div id={popoverId} popover="auto" className="export-popover" role="group" aria-label="Export transcript" onBeforeToggle={place}>
        <p className="muted">{pass > 0 ? `Pass ${pass}'s compacted conversation, as` : 'The transcript as imported, as'}</p>
        <button type="button" onClick={(event) => download(`${name}.openai-chat.json`, JSON.stringify(exportOpenAiChat(shown), null, 2), event.currentTarget.closest('[popover]'))}>
          Export OpenAI Chat JSON
        </button>
        <button type="button" onClick={(event) => download(`${name}.anthropic.json`, JSON.stringify(exportAnthropic(shown), null, 2), event.currentTarget.closest('[popover]'))}>
          Export Anthropic JSON
        </button>
      </div>
    </div>
  );
}
