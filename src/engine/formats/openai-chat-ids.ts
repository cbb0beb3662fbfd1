/**
 * Hands out message ids that are unique within one transcript. The source's own id wins when it is new;
 * a missing id falls back to the positional one, and a repeated id gets a `~<n>` suffix and is reported.
 */
export function createIdClaimer(): (candidate: string | undefined, fallback: string) => { id: string; isDuplicate: boolean } {
  const taken = new Set<string>();
  return (candidate, fallback) => {
    const wanted = candidate !== undefined && candidate !== '' ? candidate : fallback;
    const isDuplicate = taken.has(wanted) && candidate !== undefined && candidate !== '';
    let id = wanted;
    for (let suffix = 2; taken.has(id); suffix += 1) id = `${wanted}~${suffix}`;
    taken.add(id);
    return { id, isDuplicate };
  };
}
