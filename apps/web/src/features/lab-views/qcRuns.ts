/** The Metadata tab of the Atlas Viewer (spec 03 §2.5), with the spellings metadata.json files use. */
export const QC_METADATA_FIELDS = [
  { label: 'Species', keys: ['species', 'Species'] },
  { label: 'Sample Type', keys: ['sample_type', 'sampleType', 'Sample Type', 'tissue_type'] },
  { label: 'Assay', keys: ['assay', 'Assay'] },
] as const;

export interface QcRun {
  id: string;
  /** Folder holding metadata.json and the figures: `data/{id}/` or `data/{id}/out/`. */
  root: string;
}

/**
 * QC runs from the metadata.json keys under data/: `data/{id}/out/metadata.json` (spec 03 §2.5) or
 * `data/{id}/metadata.json` (where a QC entry is created, spec 02 §3); the folder itself wins over out/.
 */
export function qcRunsFromKeys(keys: string[]): QcRun[] {
  const runs = new Map<string, QcRun>();
  for (const key of keys) {
    const m = /^data\/([^/]+)\/(out\/)?metadata\.json$/.exec(key);
    if (!m) continue;
    const id = m[1]!;
    const root = `data/${id}/${m[2] ?? ''}`;
    const known = runs.get(id);
    if (!known || !m[2]) runs.set(id, { id, root });
  }
  return [...runs.values()].sort((a, b) => a.id.localeCompare(b.id, undefined, { numeric: true }));
}
