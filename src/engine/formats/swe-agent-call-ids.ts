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

/** Hands out message ids that are unique within one transcript, suffixing repeats of a source id. */
export class MessageIdAllocator {
  private readonly used = new Set<string>();
  /** Source ids that appeared more than once. */
  readonly duplicateIds: string[] = [];

  /** Returns `preferred` the first time, `preferred~<n>` when it was already taken. */
  allocate(preferred: string): string {
    if (!this.used.has(preferred)) {
      this.used.add(preferred);
      return preferred;
    }
    this.duplicateIds.push(preferred);
    let suffix = 2;
    while (this.used.has(`${preferred}~${suffix}`)) suffix += 1;
    const id = `${preferred}~${suffix}`;
    this.used.add(id);
    return id;
  }
}
