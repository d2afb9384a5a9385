import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { exportCalls, ZExportRequest } from '@atlas/contracts';
import { callRoute, parsePart } from '../../http/route.js';
import type { Exports } from './service.js';

/**
 * `POST /api/v1/exports`: the file itself as the answer (content-disposition names it). Streamed from the made file
 * rather than stored under the run: nothing outlives the request, so a run made private leaves no copy behind and
 * every export is checked against its caller as of the moment it is made.
 */
export function registerExportRoutes(app: FastifyInstance, exports: Exports): void {
  callRoute(app, exportCalls.exportRun, async (request, reply) => {
    const body = parsePart(ZExportRequest, request.body);
    const made = await exports.make(request.identity, body);
    reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${made.name}"`)
      .type(made.type);
    if (made.text !== undefined) return reply.send(made.text);
    const { path, size, cleanup } = made.file!;
    const stream = fs.createReadStream(path);
    stream.on('close', cleanup);
    return reply.header('content-length', String(size)).send(stream);
  });
}
