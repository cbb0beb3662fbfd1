import { describeThrown, readMaskOverrides, toHarnValue, type CallbackRunner, type HarnValue } from '../engine';

/** Which of the runner's three calls a request is. */
export type CallbackKind = 'mask' | 'compress' | 'custom';

/** One callback call, sent to the callback thread: its source and its argument (structured-cloned on the way). */
export interface CallbackRequest {
  kind: CallbackKind;
  source: string;
  argument: unknown;
}

/**
 * What the callback thread sends back. A returned value crosses as what the profile would read of it (see
 * `transferableResult`); `unrepresentable` is a custom compactor's value that harn cannot hold, with the reason.
 */
export type CallbackReply = { type: 'returned'; value: unknown } | { type: 'unrepresentable'; message: string } | { type: 'threw'; thrown: unknown };

/** Everything the callback thread posts: `ready` once it listens, then one reply per request, in order. */
export type ThreadMessage = { type: 'ready' } | CallbackReply;

/** A bigint whose `Number` is Infinity: the one way to hand on a harn float that a huge bigint became. */
const beyondFloat = 2n ** 1024n;

/**
 * A harn value as a plain JavaScript value that `toHarnValue` reads back as the very same harn value: ints that fit a
 * safe integer as numbers, the rest as bigints; dicts as objects with own data properties (a `__proto__` key too).
 */
function fromHarnValue(value: HarnValue): unknown {
  switch (value.kind) {
    case 'nil':
      return null;
    case 'bool':
    case 'string':
      return value.value;
    case 'int': {
      const number = Number(value.text);
      return Number.isSafeInteger(number) ? number : BigInt(value.text);
    }
    case 'float':
      return Number.isFinite(value.value) ? value.value : value.value > 0 ? beyondFloat : -beyondFloat;
    case 'list':
      return value.items.map(fromHarnValue);
    case 'dict':
      return Object.fromEntries(value.entries.map(([key, item]) => [key, fromHarnValue(item)]));
  }
}

/** `describeThrown`, which itself throws on a value JSON cannot write (a cycle, a bigint). */
export function describeAnything(thrown: unknown): string {
  try {
    return describeThrown(thrown);
  } catch {
    return String(thrown);
  }
}

/**
 * What a callback returned, reduced to what the profile reads of it, so that it can be structured-cloned (functions,
 * symbols and class prototypes cannot) and still read exactly as the returned value itself would be: a compress
 * callback's string (anything else falls back), a mask callback's list of strings and defaults, a custom compactor's
 * value as harn would hold it (`toHarnValue`: `toJSON` honoured, functions and undefined left out), or the reason
 * harn cannot hold it (a cycle).
 */
export function transferableResult(kind: CallbackKind, value: unknown): CallbackReply {
  if (kind === 'compress') return { type: 'returned', value: typeof value === 'string' ? value : null };
  if (kind === 'mask') return { type: 'returned', value: readMaskOverrides(value) };
  try {
    return { type: 'returned', value: fromHarnValue(toHarnValue(value)) };
  } catch (thrown) {
    return { type: 'unrepresentable', message: describeAnything(thrown) };
  }
}

/** Runs one request with the thread's runner and answers it; never throws. */
export async function answerRequest(runner: CallbackRunner, request: CallbackRequest): Promise<CallbackReply> {
  try {
    const { kind, source, argument } = request;
    const value = kind === 'mask' ? await runner.runMask(source, argument as never) : kind === 'compress' ? await runner.runCompress(source, argument as never) : await runner.runCustom(source, argument as never);
    return transferableResult(kind, value);
  } catch (thrown) {
    return { type: 'threw', thrown };
  }
}

/**
 * The call's outcome on the CLI's side, as the profile would have seen the callback's own: the value, or the throw.
 * A value harn cannot hold comes back as one whose conversion fails with the same reason, so the run reports it alike.
 */
export function resultOfReply(reply: CallbackReply): unknown {
  if (reply.type === 'returned') return reply.value;
  if (reply.type === 'threw') throw reply.thrown;
  const reason = new Error(reply.message);
  return {
    toJSON(): never {
      throw reason;
    },
  };
}
