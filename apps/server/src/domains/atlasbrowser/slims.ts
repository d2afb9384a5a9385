import { ATLASBROWSER_MSG, type TSlimsRecord } from '@atlas/contracts';
import type { Config } from '../../config.js';
import { HttpError } from '../../http/errors.js';

/**
 * A client of the lab information system's REST API (SLIMS, spec 02 §4.3, §7.1): `GET /rest/Content?…` answers
 * `{entities: [{pk, tableName, columns: [{name, value, displayValue?, datatype}]}]}`. A tissue slide is a Content
 * record of the tissue-slide content type carrying the run id in `cntn_cf_runId`; its columns are flattened to
 * name → value, foreign keys (organ, species, workflow…) as their display value, which is what the original
 * clients read (`cntn_cf_fk_organ`, `cntn_cf_fk_workflow`, …).
 */
interface SlimsColumn {
  name: string;
  value: unknown;
  displayValue?: unknown;
  datatype?: string;
}
interface SlimsEntity {
  pk: number;
  columns: SlimsColumn[];
}

/** SLIMS' content type of tissue slides, as the original lab scripts filter them. */
const TISSUE_SLIDE_TYPE = '42';
const TIMEOUT_MS = 15_000;

const scalar = (v: unknown): string | number | boolean | null =>
  v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : (v as string | number | boolean);

export function flattenEntity(entity: SlimsEntity): TSlimsRecord {
  const record: TSlimsRecord = { pk: entity.pk };
  for (const column of entity.columns) {
    const foreign = column.datatype === 'FOREIGN_KEY' && column.displayValue !== undefined;
    record[column.name] = scalar(foreign ? column.displayValue : column.value);
  }
  return record;
}

export function createSlimsClient(slims: NonNullable<Config['slims']>) {
  const base = slims.url.replace(/\/+$/, '');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (slims.username !== undefined)
    headers.authorization = `Basic ${Buffer.from(`${slims.username}:${slims.password ?? ''}`).toString('base64')}`;

  async function content(query: Record<string, string>): Promise<SlimsEntity[]> {
    const url = `${base}/rest/Content?${new URLSearchParams(query).toString()}`;
    let response: Response;
    try {
      response = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new HttpError(502, ATLASBROWSER_MSG.slimsUnreachable((error as Error).message));
    }
    if (!response.ok) throw new HttpError(502, ATLASBROWSER_MSG.slimsUnreachable(`HTTP ${response.status}`));
    const body = (await response.json().catch(() => null)) as { entities?: unknown } | null;
    if (!body || !Array.isArray(body.entities))
      throw new HttpError(502, ATLASBROWSER_MSG.slimsUnreachable('no entities in the answer'));
    return body.entities.filter(
      (e): e is SlimsEntity => typeof e === 'object' && e !== null && Array.isArray((e as SlimsEntity).columns),
    );
  }

  return {
    async run(runId: string): Promise<TSlimsRecord> {
      const [slide] = await content({ cntn_cf_runId: runId, cntn_fk_contentType: TISSUE_SLIDE_TYPE });
      if (!slide) throw new HttpError(404, ATLASBROWSER_MSG.slimsRunNotFound(runId));
      return flattenEntity(slide);
    },
    async runIds(): Promise<string[]> {
      const slides = await content({ cntn_fk_contentType: TISSUE_SLIDE_TYPE });
      const ids = slides
        .map((slide) => slide.columns.find((c) => c.name === 'cntn_cf_runId')?.value)
        .filter((id): id is string => typeof id === 'string' && id.trim() !== '' && id !== 'None');
      return [...new Set(ids)].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
    },
  };
}
