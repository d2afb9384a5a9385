/** An annotation as CSV (pure): one row per tixel with its position, UMAP coordinates and cluster. */
import type { TAnnotation } from '@atlas/contracts';
import { csvRow } from '@atlas/spatial/formats/csv-write';
import type { RunData } from '../data/runData';

export function annotationCsv(annotation: Pick<TAnnotation, 'run_id' | 'name' | 'tixels'>, data: RunData): string {
  const lines = ['run_id,annotation,tixel,x,y,umap_1,umap_2,cluster'];
  for (const i of annotation.tixels) {
    if (i >= data.n) continue;
    const cluster = data.clusterNames[data.clusterCodes[i]!] ?? '';
    lines.push(
      csvRow([
        annotation.run_id,
        annotation.name,
        i,
        data.spatial[2 * i],
        data.spatial[2 * i + 1],
        data.umap[2 * i],
        data.umap[2 * i + 1],
        cluster,
      ]),
    );
  }
  return `${lines.join('\n')}\n`;
}
