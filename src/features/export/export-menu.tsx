import { useInspection } from '../../state/use-inspection';
import { exportAnthropic, exportOpenAiChat } from '../../engine';
import { downloadText } from '../../ui/download';

function baseName(name: string): string {
  return name.replace(/\.[^.]+$/, '').replace(/[^\w.-]+/g, '-') || 'transcript';
}

/** Exports what is shown — the transcript as imported, or the chosen pass's compacted conversation — to the two provider formats. */
export function ExportMenu() {
  const { transcript: original, pass, snapshot, openedContext, startedFrom } = useInspection();
  if (!original) return null;
  // The chosen pass's messages with the original's system prompt and source, which the engine carries apart.
  const shown = snapshot ? { ...original, messages: snapshot.messages } : original;
  // An opened replay compaction's context shares the session's file name: its files say which compaction they are.
  // So does a run's start from the context the agent last held.
  const opened = openedContext ? `.replay-compaction-${openedContext.ordinal}` : startedFrom ? '.last-held' : '';
  const name = `${baseName(shown.source.fileName ?? shown.id)}${opened}${pass > 0 ? `.pass-${pass}` : ''}`;
  return (
    <div className="export-menu" role="group" aria-label="Export transcript">
      <span className="muted">{pass > 0 ? `Pass ${pass}:` : 'Original:'}</span>
      <button type="button" onClick={() => downloadText(`${name}.openai-chat.json`, JSON.stringify(exportOpenAiChat(shown), null, 2))}>
        Export OpenAI Chat JSON
      </button>
      <button type="button" onClick={() => downloadText(`${name}.anthropic.json`, JSON.stringify(exportAnthropic(shown), null, 2))}>
        Export Anthropic JSON
      </button>
    </div>
  );
}
