/** What the bundler's chunking pass tells about a module (the subset of Rolldown's ChunkingContext used here). */
export interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

const MUI = /node_modules[\\/](@mui|@emotion)[\\/]/;
const ENTRY = /[\\/]src[\\/]main\.tsx$/;
/** The app itself: what the entry imports once a run's first frame is drawn (or at once on other pages). */
const APP = /[\\/]src[\\/]app[\\/]start\.tsx$/;
/** A run's plots drawn before the app (../draw.ts): deck.gl without React or MUI. */
const FIRST_FRAME = /[\\/]src[\\/]features[\\/]explorer[\\/]boot[\\/]draw\.ts$/;
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
 * - `mui`: MUI modules reached by static imports from the app or the explorer screen; `mui-late`: the rest of MUI
 *   (fields, tables, tabs, sliders of lazy screens and the explorer's chrome), loaded with them;
 * - `entry`: what the entry imports statically (the boot's loader, ../index.ts; the entry itself stays alone: it
 *   waits for the first frame's and the app's chunks);
 * - `first-frame`: what a run's first frame needs (deck.gl, the plots' layers, the table's decoder), evaluated before
 *   React: no module of the app's chunks is in it, and it imports none of them (./explorer-preload.ts checks the build);
 * - `boot`: the app's modules reached by static imports from its start, and `boot-first` the few it shares with the
 *   first frame (the brand's colours, the explorer's frame, the hand-off);
 * - `explorer`: what the explorer screen adds to them by static imports (its plots, bars and panels);
 * - `…-floor`, `…-peer`: the part of either that a bench page of the lab build also uses (chunks.test.ts).
 * Vendor groups listed before this one (react, query, zod, contracts) keep their modules. One instance per build:
 * the answers are cached per module.
 */
export function createChunkNamer() {
  const fromStartup = reach((id) => APP.test(id) || EXPLORER.test(id));
  const fromEntry = reach((id) => ENTRY.test(id));
  const fromApp = reach((id) => APP.test(id));
  const fromFirstFrame = reach((id) => FIRST_FRAME.test(id));
  const fromExplorer = reach((id) => EXPLORER.test(id));
  const fromBenchPages = BENCH_PAGES.map(({ page, isRoot }) => ({ page, reached: reach(isRoot) }));
  const baseName = (id: string, graph: ModuleGraph): string | null => {
    if (fromEntry(id, graph)) return 'entry';
    const app = fromApp(id, graph);
    const first = fromFirstFrame(id, graph);
    if (app) return first ? 'boot-first' : 'boot';
    if (first) return 'first-frame';
    return fromExplorer(id, graph) ? 'explorer' : null;
  };
  return {
    mui(id: string, graph: ModuleGraph): string | null {
      if (!MUI.test(id)) return null;
      return fromStartup(id, graph) ? 'mui' : 'mui-late';
    },
    app(id: string, graph: ModuleGraph): string | null {
      if (ENTRY.test(id) || BENCH_PAGES.some(({ isRoot }) => isRoot(id))) return null;
      const name = baseName(id, graph);
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
