/** An annotation as CSV (pure): one row per tixel with its position, UMAP coordinates and cluster. */
import type { TAnnotation } from '@atlas/contracts';
import type { RunData } from '../data/runData';

const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function annotationCsv(annotation: Pick<TAnnotation, 'run_id' | 'name' | 'tixels'>, data: RunData): string {
  const lines = ['run_id,annotation,tixel,x,y,umap_1,umap_2,cluster'];
  for (const i of annotation.tixels) {
    if (i >= data.n) continue;
    const cluster = data.clusterNames[data.clusterCodes[i]!] ?? '';
    lines.push(
      [
        annotation.run_id,
        cell(annotation.name),
        i,
        data.spatial[2 * i],
        data.spatial[2 * i + 1],
        data.umap[2 * i],
        data.umap[2 * i + 1],
        cell(cluster),
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
