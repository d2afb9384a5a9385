/**
 * Louvain community detection (Blondel et al. 2008) with a resolution γ, maximising
 * Q = 1/2m Σ_ij [A_ij − γ k_i k_j / 2m] δ(c_i, c_j), the quality scanpy's `tl.louvain`/`tl.leiden` use
 * (RBConfiguration with weights). Nodes are visited in a seeded random order, ties keep the current community,
 * so a seed fixes the result. Levels repeat (local moving, then aggregation) until nothing moves.
 */
import { fromRows, type Graph } from './graph.js';
import { permutation, type Random } from './random.js';

const MIN_GAIN = 1e-12;

/** One level of local moving; returns a community per node (arbitrary ids) and whether any node moved. */
function localMoving(g: Graph, resolution: number, random: Random): { community: Int32Array; moved: boolean } {
  const { n, indptr, indices, weights } = g;
  const degree = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    for (let e = indptr[i]!; e < indptr[i + 1]!; e++) degree[i]! += weights[e]!;
    total += degree[i]!;
  }
  const community = Int32Array.from({ length: n }, (_, i) => i);
  const communityDegree = Float64Array.from(degree);
  const linkTo = new Float64Array(n);
  const touched: number[] = [];
  const order = permutation(n, random);
  let movedAny = false;
  if (total === 0) return { community, moved: false };
  for (let pass = 0; pass < 1000; pass++) {
    let moves = 0;
    for (const i of order) {
      const own = community[i]!;
      for (let e = indptr[i]!; e < indptr[i + 1]!; e++) {
        const j = indices[e]!;
        if (j === i) continue; // a self-loop moves with its node: it does not change the gain
        const c = community[j]!;
        if (linkTo[c] === 0) touched.push(c);
        linkTo[c]! += weights[e]!;
      }
      communityDegree[own]! -= degree[i]!;
      const scale = (resolution * degree[i]!) / total;
      let best = own;
      let bestGain = linkTo[own]! - scale * communityDegree[own]!;
      for (const c of touched) {
        const gain = linkTo[c]! - scale * communityDegree[c]!;
        if (gain > bestGain + MIN_GAIN) {
          best = c;
          bestGain = gain;
        }
      }
      communityDegree[best]! += degree[i]!;
      community[i] = best;
      if (best !== own) moves++;
      for (const c of touched) linkTo[c] = 0;
      touched.length = 0;
    }
    if (moves === 0) break;
    movedAny = true;
  }
  return { community, moved: movedAny };
}

/** Renumbers community ids to 0..count−1 in order of first appearance. */
function renumber(community: Int32Array): number {
  const id = new Map<number, number>();
  for (let i = 0; i < community.length; i++) {
    const c = community[i]!;
    if (!id.has(c)) id.set(c, id.size);
    community[i] = id.get(c)!;
  }
  return id.size;
}

/** The graph of communities: A'_cd = Σ_{i∈c, j∈d} A_ij (internal weight becomes a self-loop). */
function aggregate(g: Graph, community: Int32Array, count: number): Graph {
  const rows: Map<number, number>[] = Array.from({ length: count }, () => new Map());
  for (let i = 0; i < g.n; i++) {
    const row = rows[community[i]!]!;
    for (let e = g.indptr[i]!; e < g.indptr[i + 1]!; e++) {
      const c = community[g.indices[e]!]!;
      row.set(c, (row.get(c) ?? 0) + g.weights[e]!);
    }
  }
  return fromRows(rows);
}

/** Community of each node of `graph`, ids 0..count−1 in order of first appearance. */
export function louvain(graph: Graph, resolution: number, random: Random): Int32Array {
  const membership = Int32Array.from({ length: graph.n }, (_, i) => i);
  let g = graph;
  for (;;) {
    const { community, moved } = localMoving(g, resolution, random);
    if (!moved) break;
    const count = renumber(community);
    for (let i = 0; i < membership.length; i++) membership[i] = community[membership[i]!]!;
    if (count === g.n) break;
    g = aggregate(g, community, count);
  }
  renumber(membership);
  return membership;
}

/** Cluster names `C1..Cn`, C1 the largest (ties: the cluster met first in observation order). */
export function clusterLabels(membership: Int32Array): string[] {
  const size = new Map<number, number>();
  for (const c of membership) size.set(c, (size.get(c) ?? 0) + 1);
  const ranked = [...size.keys()].sort((a, b) => size.get(b)! - size.get(a)! || a - b);
  const name = new Map(ranked.map((c, r) => [c, `C${r + 1}`]));
  return Array.from(membership, (c) => name.get(c)!);
}
