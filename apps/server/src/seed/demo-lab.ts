import { sql } from 'kysely';
import sharp from 'sharp';
import { HttpError } from '../http/errors.js';
import type { Infra } from '../infra/index.js';
import { recordAudit } from '../domains/audit/index.js';
import { auditTarget, createLabService, KEY_OF, labStore, type LabTable } from '../domains/lab/index.js';
import { dataBucket } from '../config.js';

/**
 * Demo lab metadata (issue "wafers, chips, DBiT runs"): three wafers, six chips (two per wafer) and six DBiT runs
 * that use them, named after the demo catalogue runs D90001…D90006, and a QC directory per run
 * (`data/{run}/metadata.json`, `umi-1.png`, `before_after_umi-1.png`, `genes-1.png`) with its QC record.
 * The plots are real images: SVG drawn from seeded synthetic values and rendered to PNG with sharp.
 *
 * Idempotent: records are inserted once (an audit entry `seed.demo_lab` marks it, under an advisory lock, so a
 * demo record an admin deletes stays deleted); missing QC images and QC records are written on every start.
 */
const DEMO_WAFERS = [
  {
    wafer_id: 'W90001',
    generation: 3,
    diameter: 100,
    date_acquired: '2024-01-08',
    vendor: 'Demo Microfluidics',
    lot: 'L-0042',
  },
  {
    wafer_id: 'W90002',
    generation: 4,
    diameter: 100,
    date_acquired: '2024-03-19',
    vendor: 'Demo Microfluidics',
    lot: 'L-0057',
  },
  {
    wafer_id: 'W90003',
    generation: 4,
    diameter: 150,
    date_acquired: '2024-06-02',
    vendor: 'Atlas Fab (demo)',
    lot: 'A-0003',
  },
];
const DEMO_CHIPS = [
  {
    chip_id: 'C90001',
    wafer_id: 'W90001',
    diameter: 10,
    date_acquired: '2024-01-15',
    channels: 50,
    channel_width_um: 20,
  },
  {
    chip_id: 'C90002',
    wafer_id: 'W90001',
    diameter: 10,
    date_acquired: '2024-01-15',
    channels: 50,
    channel_width_um: 20,
  },
  {
    chip_id: 'C90003',
    wafer_id: 'W90002',
    diameter: 10,
    date_acquired: '2024-03-25',
    channels: 50,
    channel_width_um: 20,
  },
  {
    chip_id: 'C90004',
    wafer_id: 'W90002',
    diameter: 10,
    date_acquired: '2024-03-25',
    channels: 100,
    channel_width_um: 10,
  },
  {
    chip_id: 'C90005',
    wafer_id: 'W90003',
    diameter: 15,
    date_acquired: '2024-06-10',
    channels: 100,
    channel_width_um: 10,
  },
  {
    chip_id: 'C90006',
    wafer_id: 'W90003',
    diameter: 15,
    date_acquired: '2024-06-10',
    channels: 50,
    channel_width_um: 20,
  },
];
export const DEMO_DBITS = [
  {
    run_id: 'D90001',
    study_id: 'S-DEMO-01',
    chip_a_id: 'C90001',
    chip_b_id: 'C90002',
    operator: 'demo',
    date: '2024-02-01',
  },
  {
    run_id: 'D90002',
    study_id: 'S-DEMO-01',
    chip_a_id: 'C90002',
    chip_b_id: 'C90001',
    operator: 'demo',
    date: '2024-02-08',
  },
  {
    run_id: 'D90003',
    study_id: 'S-DEMO-02',
    chip_a_id: 'C90003',
    chip_b_id: 'C90004',
    operator: 'demo',
    date: '2024-04-02',
  },
  {
    run_id: 'D90004',
    study_id: 'S-DEMO-02',
    chip_a_id: 'C90004',
    chip_b_id: 'C90003',
    operator: 'demo',
    date: '2024-04-09',
  },
  {
    run_id: 'D90005',
    study_id: 'S-DEMO-03',
    chip_a_id: 'C90005',
    chip_b_id: 'C90006',
    operator: 'demo',
    date: '2024-07-01',
  },
  {
    run_id: 'D90006',
    study_id: 'S-DEMO-03',
    chip_a_id: 'C90006',
    chip_b_id: 'C90005',
    operator: 'demo',
    date: '2024-07-15',
  },
];

const SEED_ACTION = 'seed.demo_lab';
const SEED_LOCK = 7313;
const GRID = 50;

/** Mulberry32: a small seeded generator, so every start draws the same plots. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** UMI counts of a 50×50 grid: a tissue-shaped blob with noise (0 off tissue). */
function demoUmiGrid(seed: number): number[][] {
  const rnd = random(seed);
  const cx = 22 + rnd() * 6;
  const cy = 22 + rnd() * 6;
  return Array.from({ length: GRID }, (_, row) =>
    Array.from({ length: GRID }, (_, col) => {
      const d = Math.hypot((col - cx) / 19, (row - cy) / 15);
      if (d > 1) return Math.round(rnd() * 40);
      return Math.round(3000 * Math.exp(-2 * d * d) * (0.6 + 0.8 * rnd()) + 200);
    }),
  );
}

/** Jet colour map, t in [0, 1]. */
function jet(t: number): string {
  const c = (x: number) => Math.round(255 * Math.min(1, Math.max(0, x)));
  return `rgb(${c(1.5 - Math.abs(4 * t - 3))},${c(1.5 - Math.abs(4 * t - 2))},${c(1.5 - Math.abs(4 * t - 1))})`;
}

function umiHeatmapSvg(runId: string, grid: number[][]): string {
  const cell = 8;
  const left = 20;
  const top = 40;
  const max = Math.max(...grid.flat());
  const rects = grid
    .flatMap((cells, row) =>
      cells.map(
        (v, col) =>
          `<rect x="${left + col * cell}" y="${top + row * cell}" width="${cell}" height="${cell}" fill="${jet(Math.log1p(v) / Math.log1p(max))}"/>`,
      ),
    )
    .join('');
  const legend = Array.from(
    { length: 100 },
    (_, i) =>
      `<rect x="${left + GRID * cell + 20}" y="${top + 400 - (i + 1) * 4}" width="16" height="4" fill="${jet(i / 99)}"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${left + GRID * cell + 90}" height="${top + GRID * cell + 30}">
<rect width="100%" height="100%" fill="white"/>
<text x="${left}" y="26" font-family="sans-serif" font-size="16">${runId} UMI per tixel (log scale)</text>
${rects}${legend}
<text x="${left + GRID * cell + 40}" y="${top + 10}" font-family="sans-serif" font-size="11">${max}</text>
<text x="${left + GRID * cell + 40}" y="${top + 400}" font-family="sans-serif" font-size="11">0</text>
</svg>`;
}

function beforeAfterSvg(runId: string, before: number[], after: number[], labels: string[]): string {
  const width = 520;
  const height = 340;
  const base = 290;
  const group = (width - 80) / labels.length;
  const fmt = (v: number) => (v >= 100 ? String(Math.round(v)) : v.toFixed(1));
  const bars = labels
    .map((label, i) => {
      // Each metric on its own scale (before = full height): the plot compares before with after.
      const max = Math.max(before[i]!, after[i]!, 1e-9);
      const x = 60 + i * group;
      const hb = (before[i]! / max) * 220;
      const ha = (after[i]! / max) * 220;
      return `<rect x="${x + 8}" y="${base - hb}" width="${group / 2 - 12}" height="${hb}" fill="#9e9e9e"/>
<rect x="${x + group / 2}" y="${base - ha}" width="${group / 2 - 12}" height="${ha}" fill="#1976d2"/>
<text x="${x + group / 4 + 2}" y="${base - hb - 4}" text-anchor="middle" font-family="sans-serif" font-size="10">${fmt(before[i]!)}</text>
<text x="${x + (3 * group) / 4 - 6}" y="${base - ha - 4}" text-anchor="middle" font-family="sans-serif" font-size="10">${fmt(after[i]!)}</text>
<text x="${x + group / 2}" y="${base + 18}" text-anchor="middle" font-family="sans-serif" font-size="12">${label}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="white"/>
<text x="60" y="28" font-family="sans-serif" font-size="16">${runId} before / after filtering</text>
<line x1="55" y1="${base}" x2="${width - 15}" y2="${base}" stroke="black"/>
<line x1="55" y1="60" x2="55" y2="${base}" stroke="black"/>
${bars}
<rect x="${width - 150}" y="44" width="12" height="12" fill="#9e9e9e"/><text x="${width - 132}" y="55" font-family="sans-serif" font-size="12">before</text>
<rect x="${width - 80}" y="44" width="12" height="12" fill="#1976d2"/><text x="${width - 62}" y="55" font-family="sans-serif" font-size="12">after</text>
</svg>`;
}

function genesSvg(runId: string, grid: number[][]): string {
  // Genes per tixel from UMI (a saturating curve), drawn as a histogram.
  const genes = grid.flat().map((u) => Math.round(4000 * (1 - Math.exp(-u / 1500))));
  const bins = new Array<number>(20).fill(0);
  for (const g of genes) bins[Math.min(19, Math.floor(g / 200))]!++;
  const max = Math.max(...bins);
  const bars = bins
    .map(
      (b, i) =>
        `<rect x="${50 + i * 22}" y="${280 - (b / max) * 220}" width="20" height="${(b / max) * 220}" fill="#388e3c"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="320"><rect width="100%" height="100%" fill="white"/>
<text x="50" y="30" font-family="sans-serif" font-size="16">${runId} genes per tixel</text>
<line x1="48" y1="280" x2="495" y2="280" stroke="black"/>${bars}</svg>`;
}

const png = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

/** The QC directory files of a demo run. */
async function demoQcFiles(runId: string): Promise<Array<{ name: string; body: Buffer | string }>> {
  const seed = Number(runId.slice(1));
  const grid = demoUmiGrid(seed);
  const onTissue = grid.flat().filter((v) => v > 100);
  const rnd = random(seed + 1);
  const totals = grid.flat().reduce((a, b) => a + b, 0);
  const before = [totals / 1000, grid.flat().length, 40 + rnd() * 10, 18 + rnd() * 5];
  const after = [(totals * 0.82) / 1000, onTissue.length, 28 + rnd() * 8, 12 + rnd() * 4];
  const metadata = {
    run_id: runId,
    species: seed % 2 ? 'mus_musculus' : 'homo_sapiens',
    sample_type: 'Tissue section',
    assay: ['ATAC-seq', 'Transcriptome', 'CUT&Tag'][seed % 3],
    channels: GRID,
    on_tissue_tixels: onTissue.length,
    median_umi: onTissue.sort((a, b) => a - b)[Math.floor(onTissue.length / 2)] ?? 0,
    generated: 'demo',
  };
  return [
    { name: 'metadata.json', body: JSON.stringify(metadata, null, 2) },
    { name: 'umi-1.png', body: await png(umiHeatmapSvg(runId, grid)) },
    {
      name: 'before_after_umi-1.png',
      body: await png(beforeAfterSvg(runId, before, after, ['UMI (k)', 'tixels', 'mito %', 'dup %'])),
    },
    { name: 'genes-1.png', body: await png(genesSvg(runId, grid)) },
  ];
}

export interface DemoLabResult {
  created: string[];
  filesWritten: string[];
  qcCreated: string[];
}

export async function seedDemoLab(infra: Pick<Infra, 'db' | 'storage' | 'config' | 'log'>): Promise<DemoLabResult> {
  const bucket = dataBucket(infra.config);
  const created = await infra.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const done = await trx.selectFrom('audit_log').select('id').where('action', '=', SEED_ACTION).executeTakeFirst();
    if (done) return [];
    const made: string[] = [];
    const sets: Array<[LabTable, Array<Record<string, unknown>>]> = [
      ['wafers', DEMO_WAFERS],
      ['chips', DEMO_CHIPS],
      ['dbits', DEMO_DBITS],
    ];
    for (const [table, records] of sets) {
      const key = KEY_OF[table];
      const present = new Set(
        (await labStore.find(trx, table, { keys: records.map((r) => String(r[key])) })).map((r) => String(r[key])),
      );
      const items = records
        .filter((r) => !present.has(String(r[key])))
        .map((r) => {
          const { [key]: value, ...doc } = r;
          return { key: String(value), doc };
        });
      const inserted = await labStore.insertMany(trx, table, items, {
        actor: null,
        action: `${table === 'dbits' ? 'dbit' : table.slice(0, -1)}.create`,
        targetPrefix: auditTarget(table, ''),
        records: true,
      });
      for (const record of inserted.records) made.push(String(record[key]));
    }
    await recordAudit(trx, { actor: null, action: SEED_ACTION, target: 'lab:demo', after: { records: made } });
    return made;
  });
  if (created.length) infra.log.info({ records: created.length }, 'demo lab metadata seeded');

  const lab = createLabService({ db: infra.db, storage: infra.storage, dataBucket: bucket, log: infra.log });
  const filesWritten: string[] = [];
  const qcCreated: string[] = [];
  for (const { run_id } of DEMO_DBITS) {
    const hasRecord = await lab.exists('qc', run_id);
    const root = `data/${run_id}/`;
    const missing = [];
    for (const name of ['metadata.json', 'umi-1.png', 'before_after_umi-1.png', 'genes-1.png'])
      if (!(await infra.storage.exists(bucket, root + name))) missing.push(name);
    if (missing.length) {
      for (const file of await demoQcFiles(run_id)) {
        if (!missing.includes(file.name)) continue;
        await infra.storage.put(bucket, root + file.name, file.body);
        filesWritten.push(root + file.name);
      }
    }
    if (!hasRecord) {
      try {
        await lab.createQcEntry(run_id, null);
        qcCreated.push(run_id);
      } catch (error) {
        if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
      }
    }
  }
  return { created, filesWritten, qcCreated };
}
