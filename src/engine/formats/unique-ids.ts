import type { Block } from '../transcript/model';
import type { ImportIssue, SourceLocation } from './import-report';
import { quotedId } from './shared';

/**
 * Keeps message ids and tool-call ids unique within one transcript when a source repeats them.
 * Repeated message ids get a `~<n>` suffix, reused call ids a `#<n>` suffix (n counts from 2).
 */

/** The id a message got, and whether it repeats an id the source itself gave (not a positional fallback). */
export interface AllocatedId {
  id: string;
  isDuplicate: boolean;
}

/** Hands out message ids that are unique within one transcript, suffixing repeats with `~<n>`. */
export class MessageIdAllocator {
  private readonly used = new Set<string>();
  /** Ids that were asked for more than once, in order of each repeat. */
  readonly duplicateIds: string[] = [];

  /** Returns `preferred` the first time, `preferred~<n>` (the first free n from 2) when it was already taken. */
  allocate(preferred: string): string {
    const isTaken = this.used.has(preferred);
    if (isTaken) this.duplicateIds.push(preferred);
    return this.reserve(preferred);
  }

  /**
   * The source's own id (`candidate`) when it is given, else the positional `fallback`, made unique like
   * `allocate`. Only a repeated source id counts as a duplicate; a clash of fallbacks is not reported.
   */
  allocateWithFallback(candidate: string | undefined, fallback: string): AllocatedId {
    const hasCandidate = candidate !== undefined && candidate !== '';
    const preferred = hasCandidate ? candidate : fallback;
    const isDuplicate = hasCandidate && this.used.has(preferred);
    if (isDuplicate) this.duplicateIds.push(preferred);
    return { id: this.reserve(preferred), isDuplicate };
  }

  private reserve(preferred: string): string {
    let id = preferred;
    for (let suffix = 2; this.used.has(id); suffix += 1) id = `${preferred}~${suffix}`;
    this.used.add(id);
    return id;
  }
}

/**
 * Keeps tool-call ids unique within one transcript when a source reuses them (replayed SWE-agent demonstrations
 * reuse one id for every `bash` call; a duplicated or hand-edited record repeats one). A reused id gets a `#<n>`
 * suffix. A result that names the id links to the oldest call with that id still waiting for a result since the id
 * was last answered, so parallel calls sharing one id each get one result, and a call-result-call-result sequence
 * pairs each result with the call just before it; a result with no call waiting links to the latest call.
 */
export class CallIdRegistry {
  private readonly latestById = new Map<string, string>();
  private readonly countById = new Map<string, number>();
  /** Calls waiting for a result, oldest first, per source id. */
  private readonly waitingById = new Map<string, string[]>();
  /** Source ids whose last event was a result: their next call starts a new group, leaving older calls unanswered. */
  private readonly answeredIds = new Set<string>();
  private readonly firstReuseAt = new Map<string, SourceLocation>();
  /** Source ids that were used by more than one call, in order of first reuse. */
  readonly reusedIds: string[] = [];

  /** Registers a call and returns the id to store on its tool_call block; `where` locates a reuse for the warning. */
  call(sourceId: string, where?: SourceLocation): string {
    const count = (this.countById.get(sourceId) ?? 0) + 1;
    this.countById.set(sourceId, count);
    if (count === 2) {
      this.reusedIds.push(sourceId);
      if (where) this.firstReuseAt.set(sourceId, where);
    }
    const callId = count === 1 ? sourceId : `${sourceId}#${count}`;
    this.latestById.set(sourceId, callId);
    if (this.answeredIds.delete(sourceId)) this.waitingById.delete(sourceId);
    const waiting = this.waitingById.get(sourceId) ?? [];
    waiting.push(callId);
    this.waitingById.set(sourceId, waiting);
    return callId;
  }

  /** The id a result naming `sourceId` links to: the oldest waiting call, else the latest call, else the id as given (an orphan). */
  result(sourceId: string): string {
    const waiting = this.waitingById.get(sourceId);
    this.answeredIds.add(sourceId);
    if (waiting !== undefined && waiting.length > 0) return waiting.shift() as string;
    return this.latestById.get(sourceId) ?? sourceId;
  }

  /** How many calls used `sourceId`. */
  countOf(sourceId: string): number {
    return this.countById.get(sourceId) ?? 0;
  }

  /** One warning per reused id, located at its first reuse when the caller said where (else at `fallback`). */
  reuseWarnings(fallback: SourceLocation = {}): ImportIssue[] {
    return this.reusedIds.map((id) => ({
      message: `tool-call id ${quotedId(id)} is reused by ${this.countOf(id)} calls; later calls get the suffixes #2, #3, …, and each result links to one call`,
      ...(this.firstReuseAt.get(id) ?? fallback),
    }));
  }
}

/**
 * Renames the call ids of `blocks` in place through `registry`: each tool_call is registered (a reuse gets its suffix)
 * and each tool_result takes the id of the call it answers. For formats whose blocks carry the source ids as read.
 */
export function registerCallBlocks(blocks: readonly Block[], registry: CallIdRegistry, where?: SourceLocation): void {
  for (const block of blocks) {
    if (block.kind === 'tool_call') block.callId = registry.call(block.callId, where);
    else if (block.kind === 'tool_result') block.callId = registry.result(block.callId);
  }
}
