import { describe, expect, it } from 'vitest';
import type { Message } from '../../engine/transcript';
import { messageBadges } from './message-badges';

const message = (fields: Partial<Message>): Message => ({ id: 'm', role: 'user', origin: 'human', blocks: [], sourceRef: {}, raw: null, ...fields });
const labels = (fields: Partial<Message>) => messageBadges(message(fields)).map((badge) => badge.label);

describe('message header badges', () => {
  it('badges a queued prompt, and nothing for an ordinary human, model or tool message', () => {
    expect(labels({ isQueued: true })).toEqual(['queued']);
    expect(labels({})).toEqual([]);
    expect(labels({ role: 'assistant', origin: 'model' })).toEqual([]);
    expect(labels({ role: 'tool', origin: 'tool' })).toEqual([]);
  });

  it('keeps the origin and sidechain badges the header showed before', () => {
    expect(labels({ origin: 'injected' })).toEqual(['injected']);
    expect(labels({ origin: 'summary', isSidechain: true })).toEqual(['summary', 'sidechain']);
  });
});
