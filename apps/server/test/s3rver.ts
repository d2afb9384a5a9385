import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

const xml = (ctx: KoaContext, body: string) => {
  ctx.status = 200;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>${body}`;
};

/**
 * s3rver on loopback, plus the three multipart calls of the S3 API it lacks and resumable uploads need:
 * ListParts (GET ?uploadId), AbortMultipartUpload (DELETE ?uploadId) and ListMultipartUploads (GET ?uploads).
 * They answer from s3rver's own folder of pending uploads (`{bucket}/._S3rver_uploads/{uploadId}/{part}`), in the
 * documented S3 XML, so the AWS SDK talks to one consistent server.
 */
export async function startS3rver(): Promise<{ endpoint: string; directory: string; close(): Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  const uploadsDir = (bucket: string) => path.join(directory, bucket, '._S3rver_uploads');

  const multipart: Middleware = async (ctx, next) => {
    const [bucket, ...keyParts] = ctx.path.split('/').filter(Boolean).map(decodeURIComponent);
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    if (!bucket) return next();
    if (ctx.method === 'GET' && uploadId && keyParts.length) {
      const dir = path.join(uploadsDir(bucket), uploadId);
      if (!fs.existsSync(dir)) return noSuchUpload(ctx);
      const numbers = (await fsp.readdir(dir)).filter((n) => /^\d+$/.test(n)).map(Number);
      const parts = await Promise.all(
        numbers
          .sort((a, b) => a - b)
          .map(async (n) => {
            const stat = await fsp.stat(path.join(dir, String(n)));
            const etag = await fsp.readFile(path.join(dir, `${n}.md5`), 'utf8').catch(() => '');
            return `<Part><PartNumber>${n}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${etag}"</ETag><Size>${stat.size}</Size></Part>`;
          }),
      );
      return xml(
        ctx,
        `<ListPartsResult><Bucket>${bucket}</Bucket><Key>${keyParts.join('/')}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
      );
    }
    if (ctx.method === 'DELETE' && uploadId && keyParts.length) {
      const dir = path.join(uploadsDir(bucket), uploadId);
      if (!fs.existsSync(dir)) return noSuchUpload(ctx);
      await fsp.rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = '';
      return;
    }
    if (ctx.method === 'GET' && 'uploads' in ctx.query && keyParts.length === 0) {
      const ids = await fsp.readdir(uploadsDir(bucket)).catch(() => [] as string[]);
      const uploads = await Promise.all(
        ids.map(async (id) => {
          const key = await fsp.readFile(path.join(uploadsDir(bucket), id, 'key'), 'utf8');
          const { mtime } = await fsp.stat(path.join(uploadsDir(bucket), id));
          return `<Upload><Key>${key}</Key><UploadId>${id}</UploadId><Initiated>${mtime.toISOString()}</Initiated></Upload>`;
        }),
      );
      return xml(
        ctx,
        `<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`,
      );
    }
    return next();
  };
  (server as unknown as { middleware: Middleware[] }).middleware.unshift(multipart);
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

function noSuchUpload(ctx: KoaContext) {
  ctx.status = 404;
  ctx.type = 'application/xml';
  ctx.body =
    '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
}

export const S3RVER_ENV = (endpoint: string) => ({
  S3_ENDPOINT: endpoint,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
});
