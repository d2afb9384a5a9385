import type { FastifyInstance, FastifyReply } from 'fastify';

/** Content types a browser may show inline from storage: pictures and data, never anything that runs. */
const INLINE_SAFE = /^(image\/(png|jpeg|gif|webp|tiff)|application\/json|text\/(csv|plain|tab-separated-values))\b/i;

/**
 * Headers every response carries (issue "Hardening"): no MIME sniffing, no framing of our pages by other sites,
 * no full addresses (which may hold signed links) in Referer, HSTS in production, and the process's name when it has one.
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  options: { production: boolean; processName?: string | undefined },
): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (options.processName) reply.header('x-atlas-process', options.processName);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', "frame-ancestors 'none'");
    if (options.production) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}

/**
 * A stored object served to a browser: anything but pictures and data is a download, sandboxed, so an uploaded
 * HTML or SVG file can never run as our origin.
 */
export function guardStoredObject(reply: FastifyReply, contentType: string | undefined, filename: string): void {
  if (contentType && INLINE_SAFE.test(contentType)) return;
  reply.header('content-security-policy', 'sandbox');
  if (!reply.hasHeader('content-disposition')) {
    reply.header('content-disposition', `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\%]/g, '_')}"`);
  }
}
