/** Things the worker holds by id, least recently used dropped first (finished results, finished replays). */
export interface Held<Entry> {
  /** Holds an entry under a new id, dropping the least recently used beyond the capacity. */
  hold(entry: Entry): string;
  /** The entry held under `id` (now the most recently used), or undefined when it is no longer held. */
  get(id: string): Entry | undefined;
  release(id: string): void;
  clear(): void;
}

/**
 * A least-recently-used store of `capacity` entries whose ids read `<kind>-<life>-<n>`. `life` is a tag of this
 * worker's life, so an id from a worker that died and restarted is never mistaken for one of the new worker's
 * entries. `onDrop` hears every entry dropped for room, so what was built around it can go with it.
 */
export function createHeld<Entry>(kind: string, capacity: number, onDrop: (id: string, dropped: Entry) => void = () => undefined): Held<Entry> {
  const held = new Map<string, Entry>();
  const life = Math.random().toString(36).slice(2, 8);
  let count = 0;
  return {
    hold(entry) {
      count += 1;
      const id = `${kind}-${life}-${count}`;
      held.set(id, entry);
      // A Map iterates in insertion order: the first key is the least recently used.
      for (const [oldestId, oldest] of held) {
        if (held.size <= capacity) break;
        held.delete(oldestId);
        onDrop(oldestId, oldest);
      }
      return id;
    },
    get(id) {
      const entry = held.get(id);
      if (entry) {
        held.delete(id);
        held.set(id, entry);
      }
      return entry;
    },
    release(id) {
      held.delete(id);
    },
    clear() {
      held.clear();
    },
  };
}
