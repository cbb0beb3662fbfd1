import { memo } from 'react';
import { useMessageTokens } from '../../state/selectors';
import type { Block, CompactionMarker, Message, ToolPairReport } from '../../engine/transcript';
import { formatInteger } from '../../ui/format';
import { BlockView, type PairLink } from './block-view';
import { MarkerBanner } from './marker-banner';
import { messageBadges } from './message-badges';

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

/** The name of the tool a result answers, from its call when the result itself does not say. */
function toolNameOf(block: Block, pairs: ToolPairReport, messages: readonly Message[]): string | undefined {
  if (block.kind !== 'tool_result') return undefined;
  if (block.name) return block.name;
  const callIndex = pairs.callIndexById.get(block.callId);
  if (callIndex === undefined) return undefined;
  const call = messages[callIndex].blocks.find((candidate) => candidate.kind === 'tool_call' && candidate.callId === block.callId);
  return call?.kind === 'tool_call' ? call.name : undefined;
}

/** One message: role, origin, exact (or estimated) token count, and its blocks. */
export const MessageRow = memo(function MessageRow(props: {
  message: Message;
  /** All messages of the run, to name the call a result answers. */
  messages: readonly Message[];
  index: number;
  pairs: ToolPairReport;
  isMatch: boolean;
  isFocused: boolean;
  markersBefore: CompactionMarker[];
  onJump(index: number): void;
}) {
  const { message, messages, index, pairs, isMatch, isFocused, markersBefore, onJump } = props;
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
        {messageBadges(message).map((badge) => (
          <span key={badge.label} className="badge" title={badge.title}>{badge.label}</span>
        ))}
        <span className="message-tokens" title={tokens.isExact ? 'exact count' : 'estimate; exact count pending'}>
          {tokens.isExact ? '' : '≈ '}{formatInteger(tokens.tokenCount)} tokens
        </span>
        {message.model && <span className="muted">{message.model}</span>}
        {message.createdAt && <time className="muted" dateTime={message.createdAt}>{message.createdAt.replace('T', ' ').slice(0, 19)}</time>}
        {message.sourceRef.line !== undefined && <span className="muted">line {message.sourceRef.line}</span>}
      </header>
      {message.blocks.map((block, blockIndex) =>
        block.kind === 'text' && block.text.trim() === '' ? null : (
          <BlockView key={blockIndex} block={block} link={linkFor(message, blockIndex, pairs)} toolName={toolNameOf(block, pairs, messages)} onJump={onJump} />
        ),
      )}
    </article>
  );
});
