/** What the bundler's chunking pass tells about a module (the subset of Rolldown's ChunkingContext used here). */
export interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

const MUI = /node_modules[\\/](@mui|@emotion)[\\/]/;
const ENTRY = /[\\/]src[\\/]main\.tsx$/;
const EXPLORER = /[\\/]src[\\/]features[\\/]explorer[\\/]AtlasXplore\.tsx$/;
/** The lab build's reference pages (floor.html, peer.html): each loads only what it uses, never the app's chunks. */
const BENCH_PAGES = ['floor', 'peer'].map((page) => ({
  page,
  isRoot: (id: string) => new RegExp(`[\\\\/]src[\\\\/]bench-pages[\\\\/]${page}\\.ts$`).test(id),
}));

/**
 * Chunk names by what a page opened on a run evaluates before its first frame. Rolldown splits shared modules into
 * a chunk per set of importers: a cold open of the explorer fetched ~40 files over the page's six HTTP/1.1
 * connections, and its run data waited behind them. Now it fetches about fifteen:
 * - `mui`: MUI modules reached by static imports from the entry or the explorer screen; `mui-late`: the rest of MUI
 *   (fields, tables, tabs, sliders of lazy screens and the explorer's chrome), loaded with them;
 * - `boot`: the app's other modules the entry reaches by static imports (the entry itself stays alone: it waits
 *   for the explorer's chunk, which imports these);
 * - `explorer`: what the explorer screen adds to them by static imports (deck.gl and the plots' code);
 * - `…-floor`, `…-peer`: the part of either that a bench page of the lab build also uses (chunks.test.ts).
 * Vendor groups listed before this one (react, query, zod, contracts) keep their modules. One instance per build:
 * the answers are cached per module.
 */
export function createChunkNamer() {
  const fromStartup = reach((id) => ENTRY.test(id) || EXPLORER.test(id));
  const fromEntry = reach((id) => ENTRY.test(id));
  const fromExplorer = reach((id) => EXPLORER.test(id));
  const fromBenchPages = BENCH_PAGES.map(({ page, isRoot }) => ({ page, reached: reach(isRoot) }));
  return {
    mui(id: string, graph: ModuleGraph): string | null {
      if (!MUI.test(id)) return null;
      return fromStartup(id, graph) ? 'mui' : 'mui-late';
    },
    app(id: string, graph: ModuleGraph): string | null {
      if (ENTRY.test(id) || BENCH_PAGES.some(({ isRoot }) => isRoot(id))) return null;
      const name = fromEntry(id, graph) ? 'boot' : fromExplorer(id, graph) ? 'explorer' : null;
      if (!name) return null;
      const pages = fromBenchPages.filter(({ reached }) => reached(id, graph)).map(({ page }) => page);
      return [name, ...pages].join('-');
    },
  };
}

/** Whether a module is reached from a root by static imports (walking importers up), cached per module. */
function reach(isRoot: (id: string) => boolean) {
  const known = new Map<string, boolean>();
  return (id: string, graph: ModuleGraph): boolean => {
    const seen = new Set<string>();
    const stack = [id];
    while (stack.length) {
      const current = stack.pop()!;
      if (seen.has(current)) continue;
      seen.add(current);
      const cached = known.get(current);
      if (cached === true || isRoot(current)) {
        known.set(id, true);
        return true;
      }
      if (cached === false) continue;
      stack.push(...(graph.getModuleInfo(current)?.importers ?? []));
    }
    for (const visited of seen) known.set(visited, false);
    return false;
  };
}
