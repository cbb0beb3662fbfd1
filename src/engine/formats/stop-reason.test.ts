import { describe, expect, it } from 'vitest';
import { chatCompletionStops, messagesApiStops, readResponsesStop, readStop } from './stop-reason';

describe('readStop', () => {
  it('maps a known value and keeps the source word beside it', () => {
    expect(readStop('end_turn', messagesApiStops)).toEqual({ reason: 'end', raw: 'end_turn' });
    expect(readStop('pause_turn', messagesApiStops)).toEqual({ reason: 'end', raw: 'pause_turn' });
    expect(readStop('length', chatCompletionStops)).toEqual({ reason: 'length', raw: 'length' });
  });

  it('never invents one: null, absent, empty or a non-string read as no stop reason', () => {
    for (const value of [null, undefined, '', 3, { reason: 'stop' }]) expect(readStop(value, chatCompletionStops)).toBeUndefined();
  });

  it('reads an unknown value, even one named like an object property, as other', () => {
    expect(readStop('toString', chatCompletionStops)).toEqual({ reason: 'other', raw: 'toString' });
    expect(readStop('model_context_window_exceeded', messagesApiStops)).toEqual({ reason: 'other', raw: 'model_context_window_exceeded' });
  });
});

describe('readResponsesStop', () => {
  it('an incomplete response without a reason is other; queued has not stopped', () => {
    expect(readResponsesStop('incomplete', undefined)).toEqual({ reason: 'other', raw: 'incomplete' });
    expect(readResponsesStop('incomplete', 'something_new')).toEqual({ reason: 'other', raw: 'incomplete/something_new' });
    expect(readResponsesStop('queued', undefined)).toBeUndefined();
  });
});
