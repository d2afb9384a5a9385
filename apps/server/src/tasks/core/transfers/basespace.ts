import { Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { z } from 'zod';
import { TRANSFER_MSG } from '@atlas/contracts';
import type { Config } from '../../../config.js';

/**
 * The parts of the BaseSpace Sequence Hub v2 REST API the Illumina transfer uses: datasets (paged), a dataset's
 * files, and a file's content, which the API answers with a redirect to a signed URL. The access token goes to
 * the API only, never to the signed URL's host.
 */
const ZPaging = z.object({ Offset: z.number(), Limit: z.number(), TotalCount: z.number() });
const ZDataset = z.object({
  Id: z.string(),
  Name: z.string(),
  DatasetType: z.object({ Name: z.string() }).default({ Name: '' }),
  Project: z.object({ Name: z.string() }).default({ Name: '' }),
  TotalSize: z.number().default(0),
  DateCreated: z.string().default(''),
});
const ZFile = z.object({ Id: z.string(), Name: z.string(), Size: z.number(), Href: z.string() });

export type BasespaceDataset = z.infer<typeof ZDataset>;
export type BasespaceFile = z.infer<typeof ZFile>;

const TIMEOUT_MS = 30_000;

/**
 * BaseSpace answered, and not with what was asked (a status error): asking again would get the same answer. The
 * message says what was being done; the API's address is kept for the server's log, out of what users read.
 */
export class BasespaceAnswerError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    what: string,
  ) {
    super(TRANSFER_MSG.basespaceFailed(status, what));
  }
}

/** A fetch that gives up when no answer (headers) came within the time; a long body then streams as it comes. */
async function fetchWithin(url: string | URL, init: RequestInit): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`No answer from ${String(url)}`)), TIMEOUT_MS);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}

export function createBasespace(config: Pick<Config, 'basespace'>) {
  const { apiUrl, token } = config.basespace;

  /** `what` names the call for a failure's message ('listing datasets'). */
  async function call(pathAndQuery: string, what: string, init: RequestInit = {}): Promise<Response> {
    if (!token) throw new Error(TRANSFER_MSG.basespaceNoToken);
    const response = await fetchWithin(`${apiUrl}${pathAndQuery}`, {
      ...init,
      headers: { 'x-access-token': token, accept: 'application/json' },
    });
    if (!response.ok && !(init.redirect === 'manual' && response.status >= 300 && response.status < 400)) {
      await response.body?.cancel();
      throw new BasespaceAnswerError(response.status, `${apiUrl}${pathAndQuery}`, what);
    }
    return response;
  }

  const json = async <S extends z.ZodType>(schema: S, pathAndQuery: string, what: string): Promise<z.infer<S>> =>
    schema.parse(await (await call(pathAndQuery, what)).json());

  return {
    /** Whether `href` is a file of this BaseSpace (a task never fetches any other address with the token). */
    ownsFileHref: (href: string) => new RegExp(`^${escapeRegExp(apiUrl)}/v2/files/[A-Za-z0-9._-]+$`).test(href),

    async datasets(offset: number, limit: number) {
      const query = new URLSearchParams({
        offset: String(offset),
        limit: String(limit),
        sortby: 'DateCreated',
        sortdir: 'Desc',
      });
      return json(z.object({ Items: z.array(ZDataset), Paging: ZPaging }), `/v2/datasets?${query}`, 'listing datasets');
    },

    /** Every file of a dataset (the API pages them too). */
    async files(datasetId: string, datasetName = datasetId): Promise<BasespaceFile[]> {
      const files: BasespaceFile[] = [];
      for (;;) {
        const query = new URLSearchParams({ offset: String(files.length), limit: '1000' });
        const page = await json(
          z.object({ Items: z.array(ZFile), Paging: ZPaging }),
          `/v2/datasets/${encodeURIComponent(datasetId)}/files?${query}`,
          `listing the files of dataset ${datasetName}`,
        );
        files.push(...page.Items);
        if (page.Items.length === 0 || files.length >= page.Paging.TotalCount) return files;
      }
    },

    /**
     * A file's bytes from byte `from` on: the API's redirect is followed by hand, to the signed URL, without the
     * token, asking for the range after a dropped transfer. A signed URL that ignores the range (200) has the
     * bytes already received skipped here, so the caller always gets the file from `from`.
     */
    async content(href: string, from = 0): Promise<Readable> {
      const what = 'downloading a file';
      const redirect = await call(`${href.slice(apiUrl.length)}/content`, what, { redirect: 'manual' });
      const location = redirect.headers.get('location');
      await redirect.body?.cancel();
      if (!location) throw new BasespaceAnswerError(redirect.status, href, what);
      const signedUrl = new URL(location, href);
      const signed = await fetchWithin(signedUrl, from > 0 ? { headers: { range: `bytes=${from}-` } } : {});
      // The signed URL's query is a credential: only its origin and path go to the log.
      const signedForLog = `${signedUrl.origin}${signedUrl.pathname}`;
      if (!signed.ok || !signed.body) throw new BasespaceAnswerError(signed.status, signedForLog, what);
      const body = Readable.fromWeb(signed.body as WebReadableStream<Uint8Array>);
      const ranged = signed.status === 206 && rangeStart(signed.headers.get('content-range')) === from;
      if (from === 0 || ranged) return body;
      if (signed.status === 206) {
        body.destroy();
        throw new BasespaceAnswerError(signed.status, signedForLog, what);
      }
      return body.pipe(skipBytes(from));
    },
  };
}

/** The first byte of a `Content-Range: bytes start-end/total` answer. */
const rangeStart = (header: string | null) => Number(/^bytes (\d+)-/.exec(header ?? '')?.[1] ?? NaN);

/** Drops the first `n` bytes of a stream. */
function skipBytes(n: number): Transform {
  let left = n;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (left >= chunk.length) {
        left -= chunk.length;
        return callback();
      }
      const rest = chunk.subarray(left);
      left = 0;
      callback(null, rest);
    },
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
