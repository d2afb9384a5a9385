import { describe, expect, it } from 'vitest';
import type { TNetwork } from '@atlas/contracts';
import { cssColour, strongestEdges } from './networkEdges';

const network: TNetwork = {
  nodes: [
    { name: 'R1', color_rgb: 'rgb(1,2,3)', size: 20 },
    { name: 'R2', color_rgb: [10, 20, 30], size: 20 },
    { name: 'g1', color_rgb: '#aaa', size: 5 },
    { name: 'g2', color_rgb: '#aaa', size: 5 },
    { name: 'lonely', color_rgb: '#aaa', size: 5 },
  ],
  edges: [
    { source: 'R1', target: 'g1', color_rgb: '#000', width: 1 },
    { source: 'R1', target: 'g2', color_rgb: '#000', width: 4 },
    { source: 'R2', target: 'g2', color_rgb: '#000', width: 2 },
    { source: 'R2', target: 'g1', color_rgb: '#000', width: 3 },
  ],
};

describe('strongestEdges', () => {
  it('keeps every edge at 100 % and drops nodes no edge joins', () => {
    const all = strongestEdges(network, 100);
    expect(all.edges).toEqual(network.edges);
    expect(all.nodes.map((n) => n.name)).toEqual(['R1', 'R2', 'g1', 'g2']);
  });

  it('keeps the strongest share, in file order, with the regulons', () => {
    expect(strongestEdges(network, 50).edges.map((e) => e.width)).toEqual([4, 3]);
    expect(strongestEdges(network, 25).edges.map((e) => e.width)).toEqual([4]);
    expect(strongestEdges(network, 25).nodes.map((n) => n.name)).toEqual(['R1', 'R2', 'g2']);
    expect(strongestEdges(network, 15).edges).toHaveLength(1);
    expect(strongestEdges({ nodes: [], edges: [] }, 15)).toEqual({ nodes: [], edges: [] });
  });

  it('writes colours as CSS', () => {
    expect([cssColour('rgb(1,2,3)'), cssColour([10.2, 20, 30])]).toEqual(['rgb(1,2,3)', 'rgb(10,20,30)']);
  });
});
