import { memo } from 'react';
import { useMessageTokens } from '../../app/selectors';
import type { CompactionMarker, Message } from '../../engine/transcript/model';
import type { ToolPairReport } from '../../engine/transcript/tool-pairs';
import { formatInteger } from '../../ui/format';
import { BlockView, type PairLink } from './block-view';
import { MarkerBanner } from './marker-banner';

function linkFor(message: Message, blockIndex: number, pairs: ToolPairReport): PairLink | undefined {
  const block = message.blocks[blockIndex];
  if (block.kind === 'tool_call') {
    const results = pairs.resultIndexesById.get(block.callId);
    return results ? { targetIndex: results[0], label: `result at #${results[0] + 1}` } : undefined;
  }
  if (block.kind === 'tool_result') {
    const call = pairs.callIndexById.get(block.callId);
    return call !== undefined ? { targetIndex: call, label: `call at #${call + 1}` } : undefined;
  }
  return undefined;
}

/** One message: role, origin, exact (or estimated) token count, and its blocks. */
export const MessageRow = memo(function MessageRow(props: {
  message: Message;
  index: number;
  pairs: ToolPairReport;
  isMatch: boolean;
  isFocused: boolean;
  markersBefore: CompactionMarker[];
  onJump(index: number): void;
}) {
  const { message, index, pairs, isMatch, isFocused, markersBefore, onJump } = props;
  const tokens = useMessageTokens(index);
  const classes = ['message', `role-${message.role}`, `origin-${message.origin}`, isMatch ? 'is-match' : '', isFocused ? 'is-focused' : ''];
  return (
    <article className={classes.filter(Boolean).join(' ')} aria-label={`Message ${index + 1}, ${message.role}`} aria-current={isFocused || undefined}>
      {markersBefore.map((marker, markerIndex) => (
        <MarkerBanner key={markerIndex} marker={marker} />
      ))}
      <header className="message-header">
        <span className="message-index">#{index + 1}</span>
        <span className={`role-badge role-badge-${message.role}`}>{message.role}</span>
        {message.origin !== 'human' && message.origin !== 'model' && message.origin !== 'tool' && <span className="badge">{message.origin}</span>}
        {message.isSidechain && <span className="badge">sidechain</span>}
        <span className="message-tokens" title={tokens.isExact ? 'exact count' : 'estimate; exact count pending'}>
          {tokens.isExact ? '' : '≈ '}{formatInteger(tokens.tokenCount)} tokens
        </span>
        {message.model && <span className="muted">{message.model}</span>}
        {message.createdAt && <time className="muted" dateTime={message.createdAt}>{message.createdAt.replace('T', ' ').slice(0, 19)}</time>}
        {message.sourceRef.line !== undefined && <span className="muted">line {message.sourceRef.line}</span>}
      </header>
      {message.blocks.map((block, blockIndex) => (
        <BlockView key={blockIndex} block={block} link={linkFor(message, blockIndex, pairs)} onJump={onJump} />
      ))}
    </article>
  );
});
