import type { TNetwork } from '@atlas/contracts';

/** A colour of the network JSON as CSS: `rgb(…)`/`#…` strings as they are, `[r, g, b]` as `rgb(r,g,b)`. */
export const cssColour = (colour: TNetwork['nodes'][number]['color_rgb']): string =>
  typeof colour === 'string' ? colour : `rgb(${colour.map((c) => Math.round(c)).join(',')})`;

/**
 * The network slider (spec 03 §9): the strongest `percent` % of the edges by width (at least one while there are
 * any), and the nodes they still join; nodes that are edge sources (the regulons) always stay.
 */
export function strongestEdges(network: TNetwork, percent: number): TNetwork {
  const keep = network.edges.length ? Math.max(1, Math.ceil((network.edges.length * percent) / 100)) : 0;
  // Stable on ties: equal widths keep their file order.
  const edges = network.edges
    .map((edge, i) => ({ edge, i }))
    .sort((a, b) => b.edge.width - a.edge.width || a.i - b.i)
    .slice(0, keep)
    .sort((a, b) => a.i - b.i)
    .map(({ edge }) => edge);
  const sources = new Set(network.edges.map((e) => e.source));
  const joined = new Set(edges.flatMap((e) => [e.source, e.target]));
  const nodes = network.nodes.filter((n) => sources.has(n.name) || joined.has(n.name));
  return { nodes, edges };
}
