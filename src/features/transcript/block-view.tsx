import type { Block } from '../../engine/transcript';
import { CollapsibleText } from '../../ui/collapsible-text';
import { formatBytes } from '../../ui/format';

/** Where a tool block's partner lives, so the row can offer a jump. */
export interface PairLink {
  targetIndex: number;
  label: string;
}

function prettyArguments(argsRaw: string, args: unknown): string {
  if (typeof args === 'object' && args !== null) {
    try {
      return JSON.stringify(args, null, 2);
    } catch {
      return argsRaw;
    }
  }
  return argsRaw;
}

/** One block of a message, rendered as text. Thinking is collapsed; long bodies collapse behind "Show all". */
export function BlockView({ block, link, toolName, onJump }: { block: Block; link?: PairLink; toolName?: string; onJump(index: number): void }) {
  switch (block.kind) {
    case 'text':
      return <CollapsibleText className="block block-text-body" text={block.text} label="text" />;
    case 'thinking':
      return (
        <details className="block block-thinking">
          <summary>{block.isRedacted ? 'Thinking (redacted)' : `Thinking (${block.text.length.toLocaleString('en-US')} characters)`}</summary>
          <pre className="block-text">{block.text}</pre>
        </details>
      );
    case 'image':
      return <div className="block block-image">[image{block.mediaType ? ` ${block.mediaType}` : ''}{block.byteLength ? `, ${formatBytes(block.byteLength)}` : ''}]</div>;
    case 'tool_call':
      return (
        <div className="block block-tool-call">
          <div className="block-heading">
            <span className="tool-name">→ {block.name}</span> <code className="call-id">{block.callId}</code>{' '}
            {link ? (
              <button type="button" className="link-button" onClick={() => onJump(link.targetIndex)}>{link.label}</button>
            ) : (
              <span className="badge badge-warning">no result</span>
            )}
          </div>
          <CollapsibleText text={prettyArguments(block.argsRaw, block.args)} label={`arguments of ${block.name}`} />
        </div>
      );
    case 'tool_result':
      return (
        <div className={`block block-tool-result${block.isError ? ' is-error' : ''}`}>
          <div className="block-heading">
            <span className="tool-name">← {toolName ?? 'result'}{block.isError ? ' (error)' : ''}</span> <code className="call-id">{block.callId}</code>{' '}
            {link ? (
              <button type="button" className="link-button" onClick={() => onJump(link.targetIndex)}>{link.label}</button>
            ) : (
              <span className="badge badge-warning">orphan: no matching call</span>
            )}
          </div>
          <CollapsibleText text={block.content} label="tool output" />
        </div>
      );
  }
}
