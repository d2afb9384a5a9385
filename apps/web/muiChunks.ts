/** What the bundler's chunking pass tells about a module (the subset of Rolldown's ChunkingContext used here). */
export interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

const MUI = /node_modules[\\/](@mui|@emotion)[\\/]/;
/** The modules a page opened on a run evaluates before React's first render: the entry and the explorer screen. */
const STARTUP_ROOTS = /[\\/]src[\\/](main\.tsx|features[\\/]explorer[\\/]AtlasXplore\.tsx)$/;

/**
 * MUI in two chunks: what the first render can need (modules reached by static imports from the entry or the
 * explorer screen) and the rest (fields, tables, tabs, sliders… of lazily loaded screens and the explorer's chrome),
 * which loads with them. One chunk for all of MUI put ~470 KB of module evaluation before a cold open's first
 * frame; a chunk per importer put 39 files on the page's six connections.
 */
export function muiChunkName(id: string, graph: ModuleGraph, startup = new Map<string, boolean>()): string | null {
  if (!MUI.test(id)) return null;
  return reachedAtStartup(id, graph, startup) ? 'mui' : 'mui-late';
}

function reachedAtStartup(id: string, graph: ModuleGraph, known: Map<string, boolean>): boolean {
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length) {
    const current = stack.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    const cached = known.get(current);
    if (cached === true || STARTUP_ROOTS.test(current)) {
      known.set(id, true);
      return true;
    }
    if (cached === false) continue;
    stack.push(...(graph.getModuleInfo(current)?.importers ?? []));
  }
  for (const visited of seen) known.set(visited, false);
  return false;
}
