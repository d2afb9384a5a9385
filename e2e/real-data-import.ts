/**
 * How the real-data suite (e2e/real-data.spec.ts) gets its data sets in, as users do: into the data bucket and
 * through the admin import route, or through `npm run import` (the CLI) for the inputs it must refuse; and what the
 * files themselves say, read independently of the importer (h5wasm, the DERIVED reference CSVs).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import h5wasm, { type Dataset, type File as H5File, type Group } from 'h5wasm/node';
import { sharedData } from '@atlas/spatial/testing';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUCKET = 'atx-data';

export interface Answer {
  status: number;
  body: { _id?: string; msg?: string; status?: string; error?: string | null; result?: unknown };
}

export async function postImport(
  api: APIRequestContext,
  token: string,
  data: { run_id: string; source: string; title: string },
): Promise<Answer> {
  const response = await api.post('/api/v1/run_db/import', { headers: { authorization: `JWT ${token}` }, data });
  return { status: response.status(), body: (await response.json()) as Answer['body'] };
}

export interface TaskEnd {
  status: string;
  error: string | null;
  result: { tixels?: number; clusters?: number; analysed?: boolean } | null;
}

/** Polls a task until it ends (the web-file queue runs two at a time, behind the demo runs made at start). */
export async function taskEnd(api: APIRequestContext, token: string, id: string, timeoutMs: number): Promise<TaskEnd> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const state = (await (
      await api.get(`/api/v1/task/${id}`, { headers: { authorization: `JWT ${token}` } })
    ).json()) as TaskEnd;
    if (state.status === 'SUCCESS' || state.status === 'FAILURE' || Date.now() > until) return state;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

export interface CliOutcome {
  code: number | null;
  output: string;
  /** Whether the CLI left its data folder untouched (a refusal must not start the database or storage). */
  untouched: boolean;
  /** The CLI's own data folder (embedded database, fs storage), kept only when asked: the caller removes it. */
  dataDir: string;
}

/**
 * `npm run import -- <input> --run <id>` (the same node command, without npm's own start-up), into a data folder of
 * its own: the embedded database belongs to the running e2e server, so the CLI cannot import into that one.
 */
export function cliImport(input: string, runId: string, keep = false): Promise<CliOutcome> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-real-cli-'));
  const args = ['--import', './scripts/preload-h5wasm.mjs', '--import', 'tsx', 'apps/server/src/cli/import.ts'];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...args, input, '--run', runId], {
      cwd: ROOT,
      env: { ...process.env, ATLAS_DATA_DIR: dataDir },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      const untouched = fs.readdirSync(dataDir).length === 0;
      if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, output, untouched, dataDir });
    });
  });
}

/** A run's tixel table as stored (data/{run}/h5/data.csv.gz in the data bucket of a data folder), as text. */
export function storedTixelTable(dataDir: string, runId: string): string {
  return gunzipSync(fs.readFileSync(path.join(dataDir, 'storage', BUCKET, `data/${runId}/h5/data.csv.gz`))).toString();
}

/** Runs `work` over `items`, at most `limit` at a time; answers each item's promise at once. */
export function limited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R>[] {
  let running = 0;
  const waiting: (() => void)[] = [];
  return items.map(async (item) => {
    if (running >= limit) await new Promise<void>((go) => waiting.push(go));
    running++;
    try {
      return await work(item);
    } finally {
      running--;
      waiting.shift()?.();
    }
  });
}

/** Opens an HDF5 file of the shared data with h5wasm (no code of the importer in between). */
async function openH5(file: string): Promise<H5File> {
  await h5wasm.ready;
  return new h5wasm.File(sharedData(file), 'r');
}

const datasetValue = (f: H5File, key: string): unknown => (f.get(key) as Dataset).value;

/** Counts per category of a categorical obs column (anndata ≥ 0.7: obs/<column>/{codes,categories}). */
export async function categoryCounts(file: string, column: string): Promise<Record<string, number>> {
  const f = await openH5(file);
  try {
    const names = datasetValue(f, `obs/${column}/categories`) as string[];
    const codes = datasetValue(f, `obs/${column}/codes`) as ArrayLike<number>;
    const counts: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]));
    for (let i = 0; i < codes.length; i++) counts[names[codes[i]!]!]!++;
    return counts;
  } finally {
    f.close();
  }
}

/** An image of uns['spatial'][library]['images'][resolution] (floats 0–1 → 0–255) and its scale factor. */
export async function unsImage(
  file: string,
  resolution: 'lowres' | 'hires',
): Promise<{ rgb: Uint8Array; width: number; height: number; scalef: number }> {
  const f = await openH5(file);
  try {
    const library = (f.get('uns/spatial') as Group).keys()[0]!;
    const images = f.get(`uns/spatial/${library}/images/${resolution}`) as Dataset;
    const [height, width] = images.shape as [number, number, number];
    const rgb = Uint8Array.from(images.value as ArrayLike<number>, (v) =>
      Math.round(Math.min(1, Math.max(0, v)) * 255),
    );
    const scalef = datasetValue(f, `uns/spatial/${library}/scalefactors/tissue_${resolution}_scalef`) as number;
    return { rgb, width, height, scalef };
  } finally {
    f.close();
  }
}

/** A DERIVED reference's top 10 genes of each group, in rank order, and the group's size. */
export function derivedTop10(csv: string, groupby: string): Map<string, { n: number; genes: string[] }> {
  const lines = fs.readFileSync(sharedData(csv), 'utf8').trim().split('\n');
  const header = lines.find((l) => !l.startsWith('#'))!.split(',');
  const col = (name: string) => header.indexOf(name);
  const groups = new Map<string, { n: number; genes: string[] }>();
  for (const line of lines.slice(lines.indexOf(header.join(',')) + 1)) {
    const cells = line.split(',');
    if (cells[col('groupby')] !== groupby) continue;
    const group = cells[col('group')]!;
    const entry = groups.get(group) ?? { n: Number(cells[col('n_group')]), genes: [] };
    entry.genes[Number(cells[col('rank')]) - 1] = cells[col('gene')]!;
    groups.set(group, entry);
  }
  return groups;
}
