/**
 * A Space Ranger 2.x outs/ folder made from the two real crops of ../shared/data/visium-spaceranger2-csv (12 and 13
 * spots of the same 5 genes): each alone is too small to cluster, the pair (25 spots) is a run. Node-only, for tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sharedData } from './shared-data.js';

const SAMPLES = ['sfe-sample01', 'sfe-sample02'] as const;
const lines = (sample: string, file: string): string[] =>
  fs
    .readFileSync(sharedData(`visium-spaceranger2-csv/${sample}/outs/${file}`), 'utf8')
    .trimEnd()
    .split('\n');

/** Writes sfe-sample01 and sfe-sample02 as one outs/ under `target` (sample01's images and scale factors). */
export function spaceRangerPair(target: string): string {
  const matrix = path.join(target, 'filtered_feature_bc_matrix');
  const spatial = path.join(target, 'spatial');
  fs.mkdirSync(matrix, { recursive: true });
  fs.mkdirSync(spatial, { recursive: true });
  const [m1, m2] = SAMPLES.map((s) => lines(s, 'filtered_feature_bc_matrix/matrix.mtx'));
  const [, c1, n1] = m1![1]!.split(' ').map(Number) as [number, number, number];
  const [, c2, n2] = m2![1]!.split(' ').map(Number) as [number, number, number];
  // The second matrix's barcodes (columns) follow the first's.
  const shifted = m2!.slice(2).map((l) => {
    const [i, j, v] = l.split(' ');
    return `${i} ${Number(j) + c1} ${v}`;
  });
  const mtx = [m1![0], `5 ${c1 + c2} ${n1 + n2}`, ...m1!.slice(2), ...shifted].join('\n');
  fs.writeFileSync(path.join(matrix, 'matrix.mtx'), `${mtx}\n`);
  const barcodes = SAMPLES.flatMap((s) => lines(s, 'filtered_feature_bc_matrix/barcodes.tsv'));
  fs.writeFileSync(path.join(matrix, 'barcodes.tsv'), `${barcodes.join('\n')}\n`);
  fs.copyFileSync(
    sharedData('visium-spaceranger2-csv/sfe-sample01/outs/filtered_feature_bc_matrix/features.tsv'),
    path.join(matrix, 'features.tsv'),
  );
  const positions = [
    ...lines('sfe-sample01', 'spatial/tissue_positions.csv'),
    ...lines('sfe-sample02', 'spatial/tissue_positions.csv').slice(1),
  ];
  fs.writeFileSync(path.join(spatial, 'tissue_positions.csv'), `${positions.join('\n')}\n`);
  for (const name of ['scalefactors_json.json', 'tissue_lowres_image.png', 'tissue_hires_image.png'])
    fs.copyFileSync(sharedData(`visium-spaceranger2-csv/sfe-sample01/outs/spatial/${name}`), path.join(spatial, name));
  return target;
}
