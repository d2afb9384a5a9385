/**
 * cytoscape.js itself (lazy: its own chunk, loaded only when a network is shown). Layouts by the spec's names
 * (§9): Forced-Algorithm is cytoscape's force-directed `cose`.
 */
import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import cytoscape from 'cytoscape';
import type { NetworkLayout, TNetwork } from '@atlas/contracts';
import { cssColour } from './networkEdges';

/**
 * Node labels keep this size on screen whatever the zoom: a fixed 9-unit label was drawn at 9 × the fitted zoom,
 * 3–5 px on a regulon network of ~100 nodes, unreadable. Outlined in white so they stay legible over edges.
 */
const LABEL_PX = 12;

const LAYOUT: Record<NetworkLayout, cytoscape.LayoutOptions> = {
  'Forced-Algorithm': { name: 'cose', animate: false, randomize: false, nodeRepulsion: () => 8000 },
  Concentric: { name: 'concentric', animate: false, concentric: (node) => node.degree(false), levelWidth: () => 2 },
  Circle: { name: 'circle', animate: false },
  Grid: { name: 'grid', animate: false },
};

export default function CytoscapeView({
  network,
  layout,
  onNode,
}: {
  network: TNetwork;
  layout: NetworkLayout;
  onNode: (name: string) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const onNodeRef = useRef(onNode);
  onNodeRef.current = onNode;

  useEffect(() => {
    const cy = cytoscape({
      container: host.current,
      elements: [
        ...network.nodes.map((n) => ({
          group: 'nodes' as const,
          data: { id: n.name, label: n.name, colour: cssColour(n.color_rgb), size: Math.max(6, n.size) },
        })),
        ...network.edges.map((e, i) => ({
          group: 'edges' as const,
          data: { id: `e${i}`, source: e.source, target: e.target, colour: cssColour(e.color_rgb), width: e.width },
        })),
      ],
      style: [
        {
          selector: 'node',
          style: {
            'background-color': 'data(colour)',
            width: 'data(size)',
            height: 'data(size)',
            label: 'data(label)',
            'font-size': LABEL_PX,
            'text-valign': 'bottom',
            'text-outline-color': '#fff',
            'text-outline-width': 2,
          },
        },
        {
          selector: 'edge',
          style: {
            'line-color': 'data(colour)',
            width: 'data(width)',
            'curve-style': 'bezier',
            'target-arrow-shape': 'triangle',
            'target-arrow-color': 'data(colour)',
            opacity: 0.8,
          },
        },
        { selector: 'node:selected', style: { 'border-width': 3, 'border-color': '#000' } },
      ],
      layout: LAYOUT[layout],
      wheelSensitivity: 0.3,
    });
    cy.on('tap', 'node', (event) => onNodeRef.current(event.target.id() as string));
    const keepLabelsReadable = () =>
      cy
        .style()
        .selector('node')
        .style('font-size', LABEL_PX / cy.zoom())
        .update();
    keepLabelsReadable();
    cy.on('zoom', keepLabelsReadable);
    return () => cy.destroy();
  }, [network, layout]);

  return (
    <Box
      ref={host}
      data-testid="network-canvas"
      data-layout={layout}
      data-edges={network.edges.length}
      sx={{ height: 420, border: 1, borderColor: 'divider', borderRadius: 1 }}
    />
  );
}
