import type { FastifyInstance } from 'fastify';

/** Helpers for the lab tests (imported by *.test.ts only). */
export type FormPart =
  { name: string; value: string } | { name: string; filename: string; content: Buffer | string; type?: string };

/** A multipart/form-data body built by hand, with its content type. */
export function formData(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----atlas${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function postForm(app: FastifyInstance, url: string, token: string, parts: FormPart[]) {
  const { payload, headers } = formData(parts);
  const response = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, authorization: `JWT ${token}` },
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}
