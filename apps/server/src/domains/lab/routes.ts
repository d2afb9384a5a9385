import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  CSV_MAX_MB,
  LAB_KEY,
  LAB_KINDS,
  LAB_MSG,
  LAB_RAW_PATHS,
  ZCsvUploadQuery,
  labCalls,
  type LabKind,
} from '@atlas/contracts';
import { HttpError } from '../../http/errors.js';
import { parsePart, rawRoute, route } from '../../http/route.js';
import type { Infra } from '../../infra/index.js';
import { emptyFields, requireMultipart, takeField, uploadError } from '../../http/multipart.js';
import { createLabService, type LabService } from './service.js';
import { dataBucket } from '../../config.js';

const actorOf = (identity: { kind: string; username?: string }) =>
  identity.kind === 'user' ? identity.username! : null;

/** Dataset calls of spec 02 §7.1: wafers, chips, DBiT runs (list, put, delete, check, history, CSV upload), QC, wafer trace. */
export function registerLabRoutes(
  app: FastifyInstance,
  infra: Pick<Infra, 'db' | 'storage' | 'config' | 'log'>,
): LabService {
  const lab = createLabService({
    db: infra.db,
    storage: infra.storage,
    dataBucket: dataBucket(infra.config),
    log: infra.log,
  });

  for (const kind of LAB_KINDS) {
    const calls = labCalls.labKindCalls[kind];
    const key = LAB_KEY[kind];
    route(app, calls.list, ({ query }) => lab.list(kind, query.filter, query.options));
    route(app, calls.put, ({ body, query, identity }) =>
      lab.put(kind, body, actorOf(identity), { createOnly: query.create === 'true' }),
    );
    route(app, calls.bulk, ({ body, identity }) => lab.createMany(kind, body, actorOf(identity)));
    route(app, calls.remove, ({ query, identity }) => lab.remove(kind, query.filter, actorOf(identity)));
    route(app, calls.check, async ({ query }) => ({ exists: await lab.exists(kind, query[key]!) }));
    route(app, calls.history, ({ query }) => lab.history(kind, query.key));
  }
  route(app, labCalls.getQc, ({ query }) => lab.getQc(query));
  route(app, labCalls.putQc, ({ body, identity }) => lab.putQc(Array.isArray(body) ? body : [body], actorOf(identity)));
  route(app, labCalls.bulkQc, ({ body, identity }) => lab.createMany('qc', body, actorOf(identity)));
  route(app, labCalls.qcHistory, ({ query }) => lab.history('qc', query.key));
  route(app, labCalls.waferTrace, ({ query }) => lab.waferTrace(query.filter, query.options));

  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: CSV_MAX_MB * 1024 * 1024, files: 1, fields: 20, parts: 25 },
    });
    for (const kind of LAB_KINDS) registerCsvUpload(scope, lab, kind);
  });
  return lab;
}

function registerCsvUpload(app: FastifyInstance, lab: LabService, kind: LabKind): void {
  rawRoute(
    app,
    {
      method: 'POST',
      url: LAB_RAW_PATHS.upload(kind),
      access: 'admin',
      summary: `Imports a ${kind} CSV (multipart: file, meta JSON, output_filename) in one transaction; with dry_run=true answers what it would create and change (per row) and writes nothing.`,
    },
    async (request) => {
      const { dry_run: dryRun } = parsePart(ZCsvUploadQuery, request.query);
      requireMultipart(request);
      const fields = emptyFields();
      let file: { filename: string; bytes: Buffer } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') takeField(fields, part);
          else if (part.fieldname === 'file' && !file) {
            if (!/\.csv$/i.test(part.filename)) {
              part.file.resume();
              throw new HttpError(400, LAB_MSG.onlyCsv);
            }
            file = { filename: part.filename, bytes: await part.toBuffer() };
          } else part.file.resume();
        }
      } catch (error) {
        uploadError(error, CSV_MAX_MB);
      }
      if (!file) throw new HttpError(400, LAB_MSG.fieldCannotBeEmpty);
      if (dryRun === 'true') return lab.previewCsv(kind, file.bytes);
      const identity = request.identity;
      return lab.importCsv(kind, file.bytes, {
        filename: file.filename,
        outputFilename: fields.outputFilename,
        meta: fields.meta,
        actor: actorOf(identity),
      });
    },
  );
}
