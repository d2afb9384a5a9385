import { sql, type Kysely } from 'kysely';
import { csvRow } from '@atlas/spatial/formats/csv-write';
import { recordAudit, groupTarget } from '../domains/audit/index.js';
import type { Tables } from '../infra/db/tables.js';
import type { Infra } from '../infra/index.js';
import { dataBucket } from '../config.js';
import { createRunRecords, createRuns } from '../domains/runs/index.js';
import type { ObjectStore } from '../infra/storage/index.js';

/**
 * Demo content of a fresh installation (issue "run database, catalogue"): 14 runs of three assays, three species,
 * several organs and four lab groups, public and private, two publications with authors and PMIDs, and small
 * downloadable files written into storage. Run ids D90001… are kept apart from a lab's own numbering.
 *
 * Seeding is idempotent: the database part runs once (an audit entry `seed.demo_runs` marks it, so a demo run an
 * admin deletes stays deleted), under an advisory lock so two processes never both do it; missing demo files are
 * written again on every start.
 *
 * Thumbnails and explorer web files come from the synthetic run generator (packages/spatial), passed as
 * `generateRunData` (seed/demo-run-data.ts; the server runs it in the background after it listens). Until a
 * run's thumbnail is written the catalogue shows its placeholder.
 */

export interface DemoRun {
  run_id: string;
  title: string;
  description: string;
  assay: 'ATAC-seq' | 'CUT&Tag' | 'Transcriptome';
  epitope: string | null;
  species: 'homo_sapiens' | 'mus_musculus' | 'rattus_norvegicus';
  organ: string;
  tissue_type: string;
  tissue_source: string;
  condition: string;
  group: string;
  public: boolean;
  /** YYYY-MM-DD, the run's date. */
  date: string;
  pmid: string | null;
  ngs_id: string;
  sample_id: string;
  channel_width: number;
  number_channels: number;
}

/** Where a generator writes a demo run's data. */
export interface DemoRunTarget {
  storage: ObjectStore;
  bucket: string;
  /** `data/{run_id}/`; web files go to `{folder}h5/` (DESIGN §5). */
  folder: string;
  /** `frontpage/{run_id}.png`, at most 200×200 pixels. */
  thumbnailKey: string;
}

/**
 * The hook for the synthetic run generator: writes a demo run's web files and its front-page thumbnail and says
 * what it wrote. `webObjectPath` (e.g. `data/D90001/h5/`) marks the run's web object as available; null when it
 * is not available yet (the generator posts a `webfile.create_files` task, which marks it when it succeeds).
 */
export type DemoRunDataGenerator = (
  run: DemoRun,
  target: DemoRunTarget,
) => Promise<{ webObjectPath: string | null; thumbnail: boolean }>;

/** Writes a demo run's front-page thumbnail when it is missing (true when it wrote one). */
export type DemoThumbnailRenderer = (run: DemoRun, target: DemoRunTarget) => Promise<boolean>;

const DEMO_GROUPS = [
  { name: 'neuro-lab', description: 'Neuroscience lab: brain chromatin and transcriptome atlases' },
  { name: 'devbio-lab', description: 'Developmental biology lab: embryo and fetal tissues' },
  { name: 'immuno-lab', description: 'Immunology lab: lymphoid organs and inflammation' },
  { name: 'kidney-lab', description: 'Renal and cardiac injury lab' },
] as const;

const DEMO_PUBLICATIONS = [
  {
    pmid: '90000001',
    title: 'A spatial chromatin atlas of the juvenile mouse brain (demo publication)',
    journal: 'Atlas Demo Reports',
    link: 'https://example.org/atlas-demo/papers/90000001',
    year: 2024,
    authors: ['Mara Lindqvist', 'Tomas Okafor', 'Priya Raman', 'Jun Watanabe', 'Elena Duarte'],
  },
  {
    pmid: '90000217',
    title: 'Spatial multi-omics of mouse organogenesis (demo publication)',
    journal: 'Atlas Demo Letters',
    link: 'https://example.org/atlas-demo/papers/90000217',
    year: 2024,
    authors: ['Samuel Brandt', 'Priya Raman', 'Hana Kowalczyk'],
  },
] as const;

const run = (r: Omit<DemoRun, 'tissue_type' | 'tissue_source'> & Partial<DemoRun>): DemoRun => ({
  tissue_type: 'Tissue section',
  tissue_source: 'Fresh frozen',
  ...r,
});

export const DEMO_RUNS: readonly DemoRun[] = [
  run({
    run_id: 'D90001',
    title: 'Spatial chromatin accessibility of the P21 mouse brain',
    description:
      'Spatial ATAC-seq on a 10 um coronal section, 50 channels of 20 um. Cortex, striatum and corpus callosum resolve into distinct accessibility clusters.',
    assay: 'ATAC-seq',
    epitope: null,
    species: 'mus_musculus',
    organ: 'Brain',
    condition: 'Wild type, P21',
    group: 'neuro-lab',
    public: true,
    date: '2024-05-14',
    pmid: '90000001',
    ngs_id: 'NGS-24-0141',
    sample_id: 'MB-P21-01',
    channel_width: 20,
    number_channels: 50,
  }),
  run({
    run_id: 'D90002',
    title: 'Repressive chromatin (H3K27me3) across the P21 mouse cortex',
    description: 'Spatial CUT&Tag against H3K27me3 on an adjacent 10 um section, 50 channels of 20 um.',
    assay: 'CUT&Tag',
    epitope: 'H3K27me3',
    species: 'mus_musculus',
    organ: 'Brain',
    condition: 'Wild type, P21',
    group: 'neuro-lab',
    public: true,
    date: '2024-04-30',
    pmid: '90000001',
    ngs_id: 'NGS-24-0127',
    sample_id: 'MB-P21-02',
    channel_width: 20,
    number_channels: 50,
  }),
  run({
    run_id: 'D90003',
    title: 'Active promoters (H3K4me3) in the P21 mouse hippocampus',
    description: 'Spatial CUT&Tag against H3K4me3, 100 channels of 10 um centred on the hippocampal formation.',
    assay: 'CUT&Tag',
    epitope: 'H3K4me3',
    species: 'mus_musculus',
    organ: 'Brain',
    condition: 'Wild type, P21',
    group: 'neuro-lab',
    public: true,
    date: '2024-04-02',
    pmid: '90000001',
    ngs_id: 'NGS-24-0098',
    sample_id: 'MB-P21-03',
    channel_width: 10,
    number_channels: 100,
  }),
  run({
    run_id: 'D90004',
    title: 'Spatial transcriptome of the E13 mouse embryo',
    description:
      'Whole-embryo sagittal section, 50 channels of 25 um; neural tube, somites, heart and liver primordia.',
    assay: 'Transcriptome',
    epitope: null,
    species: 'mus_musculus',
    organ: 'Embryo',
    condition: 'Wild type, E13',
    group: 'devbio-lab',
    public: true,
    date: '2024-03-11',
    pmid: '90000217',
    ngs_id: 'NGS-24-0071',
    sample_id: 'ME-E13-01',
    channel_width: 25,
    number_channels: 50,
  }),
  run({
    run_id: 'D90005',
    title: 'Chromatin accessibility of the E11 mouse embryo',
    description: 'Spatial ATAC-seq of an E11 embryo, 50 channels of 50 um covering the whole section.',
    assay: 'ATAC-seq',
    epitope: null,
    species: 'mus_musculus',
    organ: 'Embryo',
    condition: 'Wild type, E11',
    group: 'devbio-lab',
    public: true,
    date: '2024-02-19',
    pmid: '90000217',
    ngs_id: 'NGS-24-0045',
    sample_id: 'ME-E11-01',
    channel_width: 50,
    number_channels: 50,
  }),
  run({
    run_id: 'D90006',
    title: 'Germinal centres of the human tonsil',
    description:
      'Spatial transcriptome of a reactive tonsil, 100 channels of 10 um; B-cell follicles and T-cell zones.',
    assay: 'Transcriptome',
    epitope: null,
    species: 'homo_sapiens',
    organ: 'Tonsil',
    condition: 'Reactive hyperplasia',
    group: 'immuno-lab',
    public: true,
    date: '2023-12-05',
    pmid: null,
    ngs_id: 'NGS-23-0388',
    sample_id: 'HT-012',
    channel_width: 10,
    number_channels: 100,
    tissue_source: 'FFPE',
  }),
  run({
    run_id: 'D90007',
    title: 'Active enhancers (H3K27ac) in a human lymph node',
    description: 'Spatial CUT&Tag against H3K27ac, 50 channels of 20 um.',
    assay: 'CUT&Tag',
    epitope: 'H3K27ac',
    species: 'homo_sapiens',
    organ: 'Lymph node',
    condition: 'Control',
    group: 'immuno-lab',
    public: true,
    date: '2023-10-23',
    pmid: null,
    ngs_id: 'NGS-23-0342',
    sample_id: 'HLN-004',
    channel_width: 20,
    number_channels: 50,
  }),
  run({
    run_id: 'D90008',
    title: 'Rat kidney cortex and medulla, spatial ATAC',
    description: 'Spatial ATAC-seq of a coronal kidney section, 50 channels of 25 um.',
    assay: 'ATAC-seq',
    epitope: null,
    species: 'rattus_norvegicus',
    organ: 'Kidney',
    condition: 'Sham',
    group: 'kidney-lab',
    public: true,
    date: '2023-09-14',
    pmid: null,
    ngs_id: 'NGS-23-0301',
    sample_id: 'RK-S-02',
    channel_width: 25,
    number_channels: 50,
  }),
  run({
    run_id: 'D90009',
    title: 'Rat kidney after ischaemia-reperfusion injury',
    description:
      'Spatial transcriptome 24 h after reperfusion, 50 channels of 25 um; injured proximal tubules stand out.',
    assay: 'Transcriptome',
    epitope: null,
    species: 'rattus_norvegicus',
    organ: 'Kidney',
    condition: 'Ischaemia-reperfusion, 24 h',
    group: 'kidney-lab',
    public: true,
    date: '2023-07-02',
    pmid: null,
    ngs_id: 'NGS-23-0217',
    sample_id: 'RK-IR-05',
    channel_width: 25,
    number_channels: 50,
  }),
  run({
    run_id: 'D90010',
    title: 'Human fetal liver haematopoiesis',
    description: 'Spatial transcriptome of a second-trimester fetal liver, 50 channels of 20 um.',
    assay: 'Transcriptome',
    epitope: null,
    species: 'homo_sapiens',
    organ: 'Liver',
    condition: 'Gestational week 16',
    group: 'devbio-lab',
    public: true,
    date: '2023-05-18',
    pmid: null,
    ngs_id: 'NGS-23-0160',
    sample_id: 'HFL-GW16',
    channel_width: 20,
    number_channels: 50,
  }),
  run({
    run_id: 'D90011',
    title: 'Mouse hippocampus 48 h after kainate seizures',
    description: 'Unpublished: spatial ATAC-seq, 50 channels of 20 um, paired with D90001.',
    assay: 'ATAC-seq',
    epitope: null,
    species: 'mus_musculus',
    organ: 'Brain',
    condition: 'Kainate, 48 h',
    group: 'neuro-lab',
    public: false,
    date: '2024-06-03',
    pmid: null,
    ngs_id: 'NGS-24-0166',
    sample_id: 'MB-KA-01',
    channel_width: 20,
    number_channels: 50,
  }),
  run({
    run_id: 'D90012',
    title: 'Polycomb domains (H3K27me3) of the E15 mouse embryo',
    description: 'Unpublished: spatial CUT&Tag against H3K27me3, 50 channels of 50 um.',
    assay: 'CUT&Tag',
    epitope: 'H3K27me3',
    species: 'mus_musculus',
    organ: 'Embryo',
    condition: 'Wild type, E15',
    group: 'devbio-lab',
    public: false,
    date: '2024-05-27',
    pmid: null,
    ngs_id: 'NGS-24-0159',
    sample_id: 'ME-E15-02',
    channel_width: 50,
    number_channels: 50,
  }),
  run({
    run_id: 'D90013',
    title: 'Human lung with idiopathic pulmonary fibrosis',
    description: 'Unpublished: spatial transcriptome, 100 channels of 10 um; fibroblastic foci and honeycombing.',
    assay: 'Transcriptome',
    epitope: null,
    species: 'homo_sapiens',
    organ: 'Lung',
    condition: 'IPF explant',
    group: 'immuno-lab',
    public: false,
    date: '2024-01-08',
    pmid: null,
    ngs_id: 'NGS-24-0009',
    sample_id: 'HL-IPF-07',
    channel_width: 10,
    number_channels: 100,
    tissue_source: 'FFPE',
  }),
  run({
    run_id: 'D90014',
    title: 'Rat heart border zone after myocardial infarction',
    description: 'Unpublished: spatial ATAC-seq 7 days after ligation, 50 channels of 25 um.',
    assay: 'ATAC-seq',
    epitope: null,
    species: 'rattus_norvegicus',
    organ: 'Heart',
    condition: 'Myocardial infarction, day 7',
    group: 'kidney-lab',
    public: false,
    date: '2023-11-20',
    pmid: null,
    ngs_id: 'NGS-23-0402',
    sample_id: 'RH-MI-03',
    channel_width: 25,
    number_channels: 50,
  }),
];

const DEMO_STUDY = {
  name: 'Demo: juvenile mouse brain chromatin atlas',
  description: 'ATAC-seq and CUT&Tag runs of the P21 mouse brain (publication 90000001).',
  type: 'Publication',
  runs: ['D90001', 'D90002', 'D90003'],
};

/** A demo run's downloadable files: small, deterministic text files (the same bytes on every start). */
export interface DemoFile {
  type: 'Metadata' | 'Analysis' | 'Documentation';
  path: string;
  description: string;
  content: string;
}

export function demoFiles(r: DemoRun): DemoFile[] {
  const folder = `data/${r.run_id}/downloads/`;
  return [
    {
      type: 'Metadata',
      path: `${folder}${r.run_id}_metadata.csv`,
      description: 'Run metadata (assay, sample, tissue, channels) as CSV',
      content: metadataCsv(r),
    },
    {
      type: 'Analysis',
      path: `${folder}${r.run_id}_cluster_summary.csv`,
      description: 'Tixels and top marker per cluster',
      content: clusterSummaryCsv(r),
    },
    {
      type: 'Documentation',
      path: `${folder}README.txt`,
      description: 'What this run is and what each file holds',
      content: readme(r),
    },
  ];
}

function metadataCsv(r: DemoRun): string {
  const rows: [string, string | number | null][] = [
    ['run_id', r.run_id],
    ['ngs_id', r.ngs_id],
    ['sample_id', r.sample_id],
    ['title', r.title],
    ['assay', r.assay],
    ['epitope', r.epitope],
    ['species', r.species],
    ['organ', r.organ],
    ['tissue_type', r.tissue_type],
    ['tissue_source', r.tissue_source],
    ['experimental_condition', r.condition],
    ['channel_width_um', r.channel_width],
    ['number_channels', r.number_channels],
    ['date', r.date],
    ['group', r.group],
    ['pmid', r.pmid],
  ];
  return `field,value\n${rows.map(csvRow).join('\n')}\n`;
}

const MARKERS: Record<DemoRun['assay'], string[]> = {
  'ATAC-seq': ['Neurod2', 'Gfap', 'Olig2', 'Slc17a7', 'Gad2', 'Pdgfra', 'Aqp4', 'Mbp'],
  'CUT&Tag': ['Hoxa9', 'Pax6', 'Sox2', 'Foxg1', 'Nkx2-1', 'Emx1', 'Lhx2', 'Dlx5'],
  Transcriptome: ['Actb', 'Alb', 'Cd19', 'Cd3e', 'Col1a1', 'Epcam', 'Hbb', 'Ptprc'],
};

/** A deterministic cluster table seeded by the run number (the same bytes on every start). */
function clusterSummaryCsv(r: DemoRun): string {
  let seed = Number(r.run_id.slice(1));
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const clusters = 5 + (Number(r.run_id.slice(1)) % 4);
  const total = r.number_channels * r.number_channels;
  const weights = Array.from({ length: clusters }, () => 0.5 + next());
  const sum = weights.reduce((a, b) => a + b, 0);
  const markers = MARKERS[r.assay];
  const lines = weights.map((w, i) => {
    const tixels = Math.round((w / sum) * total * 0.8);
    const marker = markers[(i + clusters) % markers.length]!;
    return `C${i + 1},${tixels},${marker},${(1 + next() * 3).toFixed(3)}`;
  });
  return `cluster,tixels,top_marker,log2_fold_change\n${lines.join('\n')}\n`;
}

function readme(r: DemoRun): string {
  return [
    `${r.run_id}: ${r.title}`,
    '',
    `Assay: ${r.assay}${r.epitope ? ` (${r.epitope})` : ''}`,
    `Sample: ${r.sample_id}, ${r.species.replace('_', ' ')} ${r.organ.toLowerCase()}, ${r.condition}`,
    `Grid: ${r.number_channels} x ${r.number_channels} channels of ${r.channel_width} um`,
    '',
    'This is demonstration content generated by Atlas Portal; the numbers are synthetic.',
    '',
    'Files:',
    `  ${r.run_id}_metadata.csv         run metadata, one field per line`,
    `  ${r.run_id}_cluster_summary.csv  tixels and top marker per cluster`,
    '',
  ].join('\n');
}

const SEED_ACTION = 'seed.demo_runs';
const SEED_LOCK = 7312;

export interface DemoSeedResult {
  /** Run ids inserted by this call (empty when the demo was seeded before). */
  created: string[];
  /** Storage keys written by this call. */
  filesWritten: string[];
  /** Run ids the generator produced data for. */
  generated: string[];
}

/** Seeds the demo runs once; writes missing demo files every time. See the file comment. */
export async function seedDemoRuns(
  infra: Pick<Infra, 'db' | 'storage' | 'config' | 'log'>,
  options: { generateRunData?: DemoRunDataGenerator; renderThumbnail?: DemoThumbnailRenderer } = {},
): Promise<DemoSeedResult> {
  const bucket = dataBucket(infra.config);
  const created = await infra.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const done = await trx.selectFrom('audit_log').select('id').where('action', '=', SEED_ACTION).executeTakeFirst();
    if (done) return [];
    const inserted = await insertDemo(trx, bucket);
    await recordAudit(trx, { actor: null, action: SEED_ACTION, target: 'run_db:demo', after: { runs: inserted } });
    return inserted;
  });
  if (created.length) infra.log.info({ runs: created.length }, 'demo runs seeded');

  const runs = createRuns(infra);
  const present = await runs.store.webObjectStates(DEMO_RUNS.map((r) => r.run_id));
  const filesWritten: string[] = [];
  for (const { run_id } of present) {
    const demo = DEMO_RUNS.find((r) => r.run_id === run_id)!;
    for (const file of demoFiles(demo)) {
      if (await infra.storage.exists(bucket, file.path)) continue;
      await infra.storage.put(bucket, file.path, file.content, { contentType: 'text/plain' });
      filesWritten.push(file.path);
    }
  }

  const generated: string[] = [];
  // In the order a visitor's catalogue shows them (public runs, newest first), so the first page fills first.
  const demoOf = (id: string) => DEMO_RUNS.find((r) => r.run_id === id)!;
  present.sort((a, b) => {
    const [x, y] = [demoOf(a.run_id), demoOf(b.run_id)];
    return Number(y.public) - Number(x.public) || y.date.localeCompare(x.date);
  });
  const targetOf = (run_id: string): DemoRunTarget => ({
    storage: infra.storage,
    bucket,
    folder: `data/${run_id}/`,
    thumbnailKey: `frontpage/${run_id}.png`,
  });
  // Every catalogue card's thumbnail before any run's web files: a thumbnail takes a fraction of a second, a
  // run's inputs and web files many seconds.
  if (options.renderThumbnail) {
    for (const { run_id, web_object_available } of present) {
      if (!web_object_available) await options.renderThumbnail(demoOf(run_id), targetOf(run_id));
    }
  }
  if (options.generateRunData) {
    for (const { run_id, web_object_available } of present) {
      if (web_object_available) continue;
      const demo = demoOf(run_id);
      const target = targetOf(run_id);
      const made = await options.generateRunData(demo, target);
      if (made.webObjectPath) {
        const webObjectPath = made.webObjectPath;
        await infra.db.transaction().execute(async (trx) => {
          await createRunRecords(trx).markWebObjectAvailable(run_id, webObjectPath);
          await recordAudit(trx, {
            actor: null,
            action: 'run.update',
            target: `run:${run_id}`,
            after: { web_obj_path: made.webObjectPath, web_object_available: true, thumbnail: made.thumbnail },
          });
        });
      }
      generated.push(run_id);
    }
  }
  return { created, filesWritten, generated };
}

async function insertDemo(trx: Kysely<Tables>, bucket: string): Promise<string[]> {
  for (const group of DEMO_GROUPS) {
    const added = await trx
      .insertInto('groups')
      .values({ name: group.name, description: group.description })
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (added)
      await recordAudit(trx, { actor: null, action: 'group.create', target: groupTarget(group.name), after: group });
  }
  const records = createRunRecords(trx);
  for (const publication of DEMO_PUBLICATIONS) await records.addPublication(publication);

  const inserted: string[] = [];
  for (const r of DEMO_RUNS) {
    const run = {
      runId: r.run_id,
      title: r.title,
      description: r.description,
      sampleId: r.sample_id,
      species: r.species,
      organ: r.organ,
      tissueType: r.tissue_type,
      tissueSource: r.tissue_source,
      condition: r.condition,
      channelWidth: r.channel_width,
      numberChannels: r.number_channels,
      assay: r.assay,
      epitope: r.epitope,
      date: new Date(`${r.date}T12:00:00Z`),
      ngsId: r.ngs_id,
      group: r.group,
      public: r.public,
      pmid: r.pmid,
      files: demoFiles(r).map((f) => ({ type: f.type, bucket, path: f.path, description: f.description })),
    };
    const stored = await records.insertRun(run);
    // A lab's own run with the same id wins: the demo never overwrites data.
    if (!stored) continue;
    await recordAudit(trx, {
      actor: null,
      action: 'run.create',
      target: `run:${r.run_id}`,
      after: { ...run, date: r.date, files: stored.files },
    });
    inserted.push(r.run_id);
  }
  await records.addStudy(
    { name: DEMO_STUDY.name, description: DEMO_STUDY.description, type: DEMO_STUDY.type },
    DEMO_STUDY.runs.filter((id) => inserted.includes(id)),
  );
  return inserted;
}
