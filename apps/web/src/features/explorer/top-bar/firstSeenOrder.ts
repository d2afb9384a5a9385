/**
 * `items` in the order their keys were first seen: an item already shown keeps its place, one that arrives later
 * (a run another user just imported, a run whose web files are now made) goes after all the others. A list that
 * reorders on a refetch moves the entry under the user's pointer, and a click meant for one run opens another.
 * `ranks` is the memory of first sightings, grown here.
 */
export function inFirstSeenOrder<T>(items: readonly T[], keyOf: (item: T) => string, ranks: Map<string, number>): T[] {
  for (const item of items) {
    const key = keyOf(item);
    if (!ranks.has(key)) ranks.set(key, ranks.size);
  }
  return [...items].sort((a, b) => ranks.get(keyOf(a))! - ranks.get(keyOf(b))!);
}
