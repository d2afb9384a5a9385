import { SLIMS_BARCODE_DEFAULT, SLIMS_WORKFLOW_ASSAY, type TFieldOptions, type TSlimsRecord } from '@atlas/contracts';

/** The run metadata fields of spec 02 §3 the metadata dialog edits (points, crop and the like come from the tools). */
export interface RunMetadata {
  tissue_type: string;
  species: string;
  assay: string;
  organ: string;
  chip_resolution: string;
  tissueBlockExperiment: string;
  tissue_source: string;
  sampleID: string;
  antibody: string;
  comments_flowA: string;
  crosses_flowA: string;
  blocks_flowA: string;
  leak_flowA: string;
  comments_flowB: string;
  crosses_flowB: string;
  blocks_flowB: string;
  leak_flowB: string;
}

export const EMPTY_METADATA: RunMetadata = {
  tissue_type: '',
  species: '',
  assay: '',
  organ: '',
  chip_resolution: '',
  tissueBlockExperiment: '',
  tissue_source: '',
  sampleID: '',
  antibody: '',
  comments_flowA: '',
  crosses_flowA: '',
  blocks_flowA: '',
  leak_flowA: '',
  comments_flowB: '',
  crosses_flowB: '',
  blocks_flowB: '',
  leak_flowB: '',
};

/** Dropdown fields and their lookup list (spec 02 §3 'Dropdown option lists'). */
export const DROPDOWNS: ReadonlyArray<{ field: keyof RunMetadata; label: string; list: keyof TFieldOptions }> = [
  { field: 'assay', label: 'Assay', list: 'assay_list' },
  { field: 'species', label: 'Species', list: 'species_list' },
  { field: 'organ', label: 'Organ', list: 'organ_list' },
  { field: 'tissue_type', label: 'Tissue Type', list: 'tissue_type_list' },
  { field: 'tissue_source', label: 'Tissue Source', list: 'tissue_source_list' },
  { field: 'antibody', label: 'Epitope', list: 'antibody_list' },
];

export const TEXT_FIELDS: ReadonlyArray<{ field: keyof RunMetadata; label: string }> = [
  { field: 'sampleID', label: 'Sample ID' },
  { field: 'chip_resolution', label: 'Chip Resolution' },
];

export const FLOW_FIELDS = (['A', 'B'] as const).flatMap((flow) =>
  (['comments', 'crosses', 'blocks', 'leak'] as const).map((what) => ({
    field: `${what}_flow${flow}` as keyof RunMetadata,
    label: `Flow ${flow} ${what}`,
  })),
);

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Metadata of a spatial folder's metadata.json: the fields of this form, the rest kept aside. */
export function metadataFromJson(json: Record<string, unknown>): RunMetadata {
  const out = { ...EMPTY_METADATA };
  for (const key of Object.keys(out) as (keyof RunMetadata)[]) out[key] = text(json[key]);
  return out;
}

/**
 * A SLIMS tissue slide → the form (spec 02 §4.3): organ, species, resolution, source, experimental condition,
 * sample id, epitope, workflow (mapped to an assay), tissue type and the flow fields; the barcode mapping
 * defaults to '5 (96)'.
 */
export function metadataFromSlims(slims: TSlimsRecord): { metadata: RunMetadata; mapping: string } {
  const workflow = text(slims.cntn_cf_fk_workflow);
  const metadata: RunMetadata = {
    ...EMPTY_METADATA,
    organ: text(slims.cntn_cf_fk_organ),
    species: text(slims.cntn_cf_fk_species),
    chip_resolution: text(slims.Resolution ?? slims.cntn_cf_roiChannelWidthUm),
    tissue_source: text(slims.cntn_cf_source),
    tissueBlockExperiment: text(slims.cntn_cf_experimentalCondition),
    sampleID: text(slims.cntn_cf_sampleId),
    antibody: text(slims.cntn_cf_fk_epitope),
    assay: SLIMS_WORKFLOW_ASSAY[workflow] ?? workflow,
    tissue_type: text(slims.cntn_cf_fk_tissueType),
  };
  for (const { field } of FLOW_FIELDS) metadata[field] = text(slims[field]);
  return { metadata, mapping: SLIMS_BARCODE_DEFAULT };
}
