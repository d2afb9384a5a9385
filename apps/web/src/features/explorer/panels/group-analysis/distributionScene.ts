/**
 * The distribution plots' scene from the chosen features' values and the groups' tixels (pure): the summaries of
 * @atlas/spatial/group-stats laid out by @atlas/viz's groupPlotFigure.
 */
import { dotSummaries, scaleRows, violins } from '@atlas/spatial/group-stats';
import { groupPlotFigure, type FigureScene, type PlotGroup } from '@atlas/viz';

export type PlotKind = 'violin' | 'dot' | 'heatmap';

export const PLOT_KIND_LABEL: Record<PlotKind, string> = { violin: 'Violin', dot: 'Dot plot', heatmap: 'Heatmap' };

export interface DistributionInput {
  kind: PlotKind;
  title: string;
  features: readonly string[];
  values: readonly ArrayLike<number>[];
  groups: readonly PlotGroup[];
  members: readonly ArrayLike<number>[];
  shades: readonly string[];
}

export function distributionScene(input: DistributionInput): FigureScene {
  const base = { title: input.title, groups: input.groups, features: input.features, shades: input.shades };
  if (input.kind === 'violin') {
    return groupPlotFigure({ ...base, kind: 'violin', violins: input.values.map((v) => violins(v, input.members)) });
  }
  const dots = input.values.map((v) => dotSummaries(v, input.members));
  const means = dots.map((row) => row.map((d) => d.mean));
  const scaled = scaleRows(means);
  return input.kind === 'dot'
    ? groupPlotFigure({ ...base, kind: 'dot', dots, scaled })
    : groupPlotFigure({ ...base, kind: 'heatmap', means, scaled });
}

/** The run's top-ten table's first `perCluster` enriched features of every cluster, once each, at most `max`. */
export function topMarkers(enriched: readonly (readonly string[])[], perCluster: number, max: number): string[] {
  const out: string[] = [];
  const clusters = enriched[0]?.length ?? 0;
  for (let c = 0; c < clusters; c++) {
    for (let r = 0; r < Math.min(perCluster, enriched.length); r++) {
      const name = enriched[r]?.[c];
      if (name && !out.includes(name)) out.push(name);
    }
  }
  return out.slice(0, max);
}
