import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ORIGINAL_VARIANTS } from '@atlas/contracts';
import { rawRoute } from '../../http/route.js';
import { APP_NAME, APP_VERSION } from '../../version.js';

/** OpenAPI 3.1 generated from the registered contracts, at /api/docs/openapi.json, with a readable index at /api/docs. */
export function registerDocsRoutes(app: FastifyInstance): void {
  let cached: unknown;
  const document = () => (cached ??= buildOpenApi(app));
  rawRoute(
    app,
    { method: 'GET', url: '/api/docs/openapi.json', access: 'anonymous', summary: 'OpenAPI document.' },
    async () => document(),
  );
  rawRoute(
    app,
    { method: 'GET', url: '/api/docs', access: 'anonymous', summary: 'API index.' },
    async (_request, reply) => {
      const rows = app.atlasRoutes
        .map(
          (r) =>
            `<tr><td>${r.method}</td><td><code>${r.url}</code></td><td>${r.access}</td><td>${escapeHtml(r.summary ?? '')}</td></tr>`,
        )
        .join('\n');
      reply
        .type('text/html')
        .send(
          `<!doctype html><meta charset="utf-8"><title>${APP_NAME} API</title>` +
            `<style>body{font-family:sans-serif;margin:2em}td{padding:2px 8px;border-bottom:1px solid #ddd}</style>` +
            `<h1>${APP_NAME} API ${APP_VERSION}</h1><p><a href="/api/docs/openapi.json">OpenAPI document</a></p>` +
            `<table><tr><th>Method</th><th>Path</th><th>Access</th><th>Summary</th></tr>${rows}</table>`,
        );
    },
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

function toSchema(schema: z.ZodType | undefined): unknown {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return {};
  }
}

function buildOpenApi(app: FastifyInstance): unknown {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of app.atlasRoutes) {
    const openPath = r.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{key}');
    const operation: Record<string, unknown> = {
      summary: r.summary,
      // The incumbent portal's calls served for its clients (issue 20), apart from the native API.
      ...(r.call?.origin ? { tags: ['AtlasXomics compatibility'], 'x-original': r.call.origin } : {}),
      'x-access': r.access,
      security: r.access === 'anonymous' ? [] : [{ jwt: [] }],
      responses: {
        200: {
          description: 'OK',
          content: r.call?.response ? { 'application/json': { schema: toSchema(r.call.response) } } : undefined,
        },
        default: { description: 'Error: { msg, status_code }' },
      },
    };
    if (r.call?.body) operation.requestBody = { content: { 'application/json': { schema: toSchema(r.call.body) } } };
    const params: unknown[] = [];
    for (const [where, schema] of [
      ['path', r.call?.params],
      ['query', r.call?.query],
    ] as const) {
      const json = toSchema(schema) as { properties?: Record<string, unknown>; required?: string[] } | undefined;
      for (const [name, s] of Object.entries(json?.properties ?? {})) {
        params.push({
          name,
          in: where,
          required: where === 'path' || (json?.required ?? []).includes(name),
          schema: s,
        });
      }
    }
    if (params.length) operation.parameters = params;
    (paths[openPath] ??= {})[r.method.toLowerCase()] = operation;
  }
  // Original calls on native paths: the native operation also describes the original's payload and answer.
  for (const v of ORIGINAL_VARIANTS) {
    const operation = paths[v.path.replace(/:(\w+)/g, '{$1}')]?.[v.method.toLowerCase()] as Record<string, unknown>;
    if (!operation) continue;
    operation['x-original'] = {
      origin: 'AtlasXomics',
      summary: v.summary,
      ...(v.input ? { input: toSchema(v.input) } : {}),
      ...(v.response ? { response: toSchema(v.response) } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: `${APP_NAME} API`, version: APP_VERSION },
    components: { securitySchemes: { jwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
