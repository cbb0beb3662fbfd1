import { useSelectedRun } from '../../app/selectors';
import { exportAnthropic } from '../../engine/formats/export-anthropic';
import { exportOpenAiChat } from '../../engine/formats/export-openai-chat';
import { downloadText } from '../../ui/download';

function baseName(name: string): string {
  return name.replace(/\.[^.]+$/, '').replace(/[^\w.-]+/g, '-') || 'transcript';
}

/** Exports the selected run, as imported, to the two provider message formats. */
export function ExportMenu() {
  const run = useSelectedRun();
  if (!run) return null;
  const name = baseName(run.source.fileName ?? run.id);
  return (
    <div className="export-menu" role="group" aria-label="Export transcript">
      <button type="button" onClick={() => downloadText(`${name}.openai-chat.json`, JSON.stringify(exportOpenAiChat(run), null, 2))}>
        Export OpenAI Chat JSON
      </button>
      <button type="button" onClick={() => downloadText(`${name}.anthropic.json`, JSON.stringify(exportAnthropic(run), null, 2))}>
        Export Anthropic JSON
      </button>
    </div>
  );
}
