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
 * Keeps tool-call ids unique within one transcript when a source reuses them (replayed SWE-agent
 * demonstrations reuse one id for every `bash` call). A reused id gets a `#<n>` suffix, and a result that
 * names the id links to the most recent call that used it, which is what the agent itself answered.
 */
export class CallIdRegistry {
  private readonly latestById = new Map<string, string>();
  private readonly countById = new Map<string, number>();
  /** Source ids that were used by more than one call, in order of first reuse. */
  readonly reusedIds: string[] = [];

  /** Registers a call and returns the id to store on its tool_call block. */
  call(sourceId: string): string {
    const count = (this.countById.get(sourceId) ?? 0) + 1;
    this.countById.set(sourceId, count);
    if (count === 2) this.reusedIds.push(sourceId);
    const callId = count === 1 ? sourceId : `${sourceId}#${count}`;
    this.latestById.set(sourceId, callId);
    return callId;
  }

  /** The id a result naming `sourceId` links to: the latest call with that id, else the id as given (an orphan). */
  result(sourceId: string): string {
    return this.latestById.get(sourceId) ?? sourceId;
  }

  /** How many calls used `sourceId`. */
  countOf(sourceId: string): number {
    return this.countById.get(sourceId) ?? 0;
  }
}
