import { CUT_AND_TAG, type TRunDetails, type TRunEditParsed } from '@atlas/contracts';

/** Add A Run's form: every field as the inputs hold it (text), turned into the call's body on submit. */
export interface RunForm {
  run_id: string;
  result_title: string;
  result_description: string;
  sample_id: string;
  /** MM/DD/YYYY. */
  date: string;
  assay: string;
  epitope: string;
  species: string;
  organ: string;
  tissue_type: string;
  tissue_source: string;
  experimental_condition: string;
  channel_width: string;
  number_channels: string;
  ngs_id: string;
  public: boolean;
  group: string;
  pmid: string;
  web_obj_path: string;
  publication_title: string;
  publication_journal: string;
  publication_link: string;
  publication_year: string;
  authors: string[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch ms → MM/DD/YYYY (UTC: a run's date is a calendar day). */
export function formatRunDate(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
}

/** MM/DD/YYYY → epoch ms at UTC midnight, or null when it is not a real calendar day. */
export function parseRunDate(text: string): number | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const d = new Date(ms);
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day && year >= 1900 ? ms : null;
}

export function emptyRunForm(runId: string, today = Date.now()): RunForm {
  return {
    run_id: runId,
    result_title: '',
    result_description: '',
    sample_id: '',
    date: formatRunDate(today),
    assay: '',
    epitope: '',
    species: '',
    organ: '',
    tissue_type: '',
    tissue_source: '',
    experimental_condition: '',
    channel_width: '',
    number_channels: '',
    ngs_id: '',
    public: false,
    group: '',
    pmid: '',
    web_obj_path: '',
    publication_title: '',
    publication_journal: '',
    publication_link: '',
    publication_year: '',
    authors: [],
  };
}

export function formOfRun(run: TRunDetails): RunForm {
  const p = run.publication;
  return {
    run_id: run.run_id,
    result_title: run.result_title,
    result_description: run.result_description,
    sample_id: run.sample_id,
    date: formatRunDate(run.date),
    assay: run.assay,
    epitope: run.epitope ?? '',
    species: run.species,
    organ: run.organ,
    tissue_type: run.tissue_type,
    tissue_source: run.tissue_source,
    experimental_condition: run.experimental_condition,
    channel_width: run.channel_width === null ? '' : String(run.channel_width),
    number_channels: run.number_channels === null ? '' : String(run.number_channels),
    ngs_id: run.ngs_id ?? '',
    public: run.public,
    group: run.group ?? '',
    pmid: run.pmid ?? '',
    web_obj_path: run.web_obj_path ?? '',
    publication_title: p?.title ?? '',
    publication_journal: p?.journal ?? '',
    publication_link: p?.link ?? '',
    publication_year: p?.year ? String(p.year) : '',
    authors: p?.authors ?? [],
  };
}

export type RunFormErrors = Partial<Record<keyof RunForm, string>>;

/** The checks the form shows before submitting (the server checks them again). */
export function runFormErrors(form: RunForm): RunFormErrors {
  const errors: RunFormErrors = {};
  if (!form.result_title.trim()) errors.result_title = 'Run title is required';
  if (parseRunDate(form.date) === null) errors.date = 'Date must be MM/DD/YYYY';
  if (!form.assay) errors.assay = 'Assay is required';
  if (form.pmid.trim() && !/^[0-9]{1,12}$/.test(form.pmid.trim())) errors.pmid = 'PMID must be digits only';
  if (form.publication_year.trim() && !/^[0-9]{4}$/.test(form.publication_year.trim()))
    errors.publication_year = 'Year must have four digits';
  if (form.web_obj_path.trim() && !form.web_obj_path.trim().endsWith('/'))
    errors.web_obj_path = 'Web Object Path is not correct, follow the hint below.';
  return errors;
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);
const numberOrNull = (text: string) => (text ? Number(text) : null);

/** The save_run body of a valid form. */
export function editOfForm(form: RunForm): TRunEditParsed {
  const pmid = form.pmid.trim();
  return {
    run_id: form.run_id,
    result_title: form.result_title,
    result_description: form.result_description,
    sample_id: form.sample_id,
    date: parseRunDate(form.date)!,
    assay: form.assay,
    epitope: form.assay === CUT_AND_TAG ? orNull(form.epitope) : null,
    species: form.species,
    organ: form.organ,
    tissue_type: form.tissue_type,
    tissue_source: form.tissue_source,
    experimental_condition: form.experimental_condition,
    channel_width: numberOrNull(form.channel_width),
    number_channels: numberOrNull(form.number_channels),
    ngs_id: orNull(form.ngs_id),
    public: form.public,
    group: orNull(form.group),
    pmid: pmid || null,
    web_obj_path: orNull(form.web_obj_path),
    publication: pmid
      ? {
          pmid,
          title: form.publication_title,
          journal: form.publication_journal,
          link: orNull(form.publication_link),
          year: form.publication_year.trim() ? Number(form.publication_year) : null,
          authors: form.authors,
        }
      : null,
  };
}

/** Which of the three web object cards applies (spec 03 §2.10, §4 "Run editor"). */
export type WebObjectState = 'not-created' | 'available' | 'uploaded';

export function webObjectState(run: Pick<TRunDetails, 'web_obj_path' | 'web_object_available'> | null): WebObjectState {
  if (run?.web_object_available) return 'uploaded';
  return run?.web_obj_path ? 'available' : 'not-created';
}
