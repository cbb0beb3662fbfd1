import { useShownTranscript } from '../../state/shown-pass';
import { exportAnthropic } from '../../engine/formats/export/export-anthropic';
import { exportOpenAiChat } from '../../engine/formats/export/export-openai-chat';
import { downloadText } from '../../ui/download';

function baseName(name: string): string {
  return name.replace(/\.[^.]+$/, '').replace(/[^\w.-]+/g, '-') || 'transcript';
}

/** Exports what is shown — the run as imported, or the chosen pass's compacted conversation — to the two provider formats. */
export function ExportMenu() {
  const shown = useShownTranscript();
  if (!shown) return null;
  const { transcript: run, pass } = shown;
  const name = `${baseName(run.source.fileName ?? run.id)}${pass > 0 ? `.pass-${pass}` : ''}`;
  return (
    <div className="export-menu" role="group" aria-label="Export transcript">
      <span className="muted">{pass > 0 ? `Pass ${pass}:` : 'Original:'}</span>
      <button type="button" onClick={() => downloadText(`${name}.openai-chat.json`, JSON.stringify(exportOpenAiChat(run), null, 2))}>
        Export OpenAI Chat JSON
      </button>
      <button type="button" onClick={() => downloadText(`${name}.anthropic.json`, JSON.stringify(exportAnthropic(run), null, 2))}>
        Export Anthropic JSON
      </button>
    </div>
  );
}
