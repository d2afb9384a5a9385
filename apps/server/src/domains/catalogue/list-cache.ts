import { serialiseJson, type SerialisedJson } from '../../http/serialised-json.js';

/**
 * Serialised catalogue lists, kept per key (visibility + thumbnail day) and reused while the run tables'
 * change counter (`run_db_state.version`, bumped by triggers on any write, by any process) stays the same.
 * A hit costs one primary-key read; the list query, zod check and JSON.stringify run once per change.
 */
interface CachedJson extends SerialisedJson {
  version: number;
}

export interface ListCache {
  get(key: string, build: () => Promise<unknown>): Promise<CachedJson>;
}

export function createListCache(currentVersion: () => Promise<number>, maxEntries = 128): ListCache {
  const entries = new Map<string, CachedJson>();
  // Requests that arrive while a version read is running share it. PGlite runs queries one after another, so a
  // read still running when a request arrives was queued after every write that has already answered.
  let reading: Promise<number> | null = null;
  const readVersion = () =>
    (reading ??= currentVersion().finally(() => {
      reading = null;
    }));
  const building = new Map<string, Promise<CachedJson>>();

  const fill = async (key: string, version: number, build: () => Promise<unknown>): Promise<CachedJson> => {
    const entry = { ...serialiseJson(await build()), version };
    const current = entries.get(key);
    // A slower build of an older version must not replace a newer entry.
    if (!current || current.version <= version) {
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    }
    return entry;
  };

  return {
    async get(key, build) {
      const version = await readVersion();
      const hit = entries.get(key);
      if (hit && hit.version === version) return hit;
      const flightKey = `${version}\n${key}`;
      let pending = building.get(flightKey);
      if (!pending) {
        pending = fill(key, version, build).finally(() => building.delete(flightKey));
        building.set(flightKey, pending);
      }
      return pending;
    },
  };
}
