import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  catalogueCalls,
  COMPAT_MSG,
  compatCalls,
  FEATURE_KINDS,
  genesCalls,
  labCalls,
  runAdminCalls,
  taskCalls,
  type Call,
  type FeatureKind,
  type Identity,
  type TTaskState,
} from '@atlas/contracts';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { callNative, type NativeInput } from './native.js';
import { dataRowsToCsv, jobOf, kindOfFile, originalResult, runOfKey, toOriginalRun, toSaveRun } from './shapes.js';

/** Waiting for a task_sync answer: the original held the request open until the worker finished. */
const TASK_SYNC_WAIT_MS = 60_000;
const TASK_SYNC_POLL_MS = 250;

/**
 * The original calls that have no native route of the same method and path (issue 20). Each handler translates
 * the original payload into a native contract's input, calls that route in-process for the same caller
 * (./native.ts: its access rule and data checks run as for a native call) and reshapes its answer.
 */
export function registerCompatRoutes(app: FastifyInstance, deps: { dataBucket: string }): void {
  const native: Native = (request, call, input) => callNative(app, request, call, input);
  registerExplorerData(app, native);
  registerCatalogue(app, native);
  registerPublicLinks(app, native);
  registerRunAdministration(app, native, deps);
  registerTasksAndDownloads(app, native, deps);
}

/** A native route called in-process for the same caller (./native.ts). */
type Native = <C extends Call>(
  request: FastifyRequest,
  call: C,
  input?: NativeInput<C>,
) => ReturnType<typeof callNative<C>>;

const runOf = (filename: string): string => {
  const run = runOfKey(filename);
  if (!run) throw new HttpError(400, `filename: '${filename}' is not under data/{run_id}/`);
  return run;
};
const keyKind = (key: number): FeatureKind => FEATURE_KINDS[key - 1] ?? 'genes';
const signedInMember = (identity: Identity) => identity.kind === 'user' && identity.groups.length > 0;

/** The explorer's data reads, by file name or by public link. */
function registerExplorerData(app: FastifyInstance, native: Native): void {
  route(app, compatCalls.geneMotifNames, ({ request, body }) =>
    native(request, genesCalls.featureNames, {
      query: { run_id: runOf(body.filename), kind: kindOfFile(body.filename) },
    }),
  );
  route(app, compatCalls.geneMotifNamesByToken, ({ request, params, body }) =>
    native(request, genesCalls.featureNames, { query: { encoded: params.token, kind: keyKind(body.key) } }),
  );
  route(app, compatCalls.spatialData, async ({ request, body }) =>
    dataRowsToCsv(await native(request, genesCalls.dataRows, { query: { run_id: runOf(body.filename) } })),
  );
  route(app, compatCalls.spatialDataByToken, async ({ request, params }) =>
    dataRowsToCsv(await native(request, genesCalls.dataRows, { query: { encoded: params.token } })),
  );
  route(app, compatCalls.geneExpressions, ({ request, body }) =>
    native(request, genesCalls.featureNames, {
      query: { run_id: runOf(body.filename), kind: kindOfFile(body.filename) },
    }),
  );
  route(app, compatCalls.geneExpressionsByToken, ({ request, params }) =>
    native(request, genesCalls.featureNames, { query: { encoded: params.token, kind: 'genes' } }),
  );
}

function registerCatalogue(app: FastifyInstance, native: Native): void {
  // The landing page signs into a public session first: it lists the public runs, as our landing page does.
  route(app, compatCalls.populateHomepage, ({ request, identity }) =>
    native(request, signedInMember(identity) ? catalogueCalls.getRuns : catalogueCalls.getRunsPublic),
  );
  route(app, compatCalls.searchPmid, ({ request, body }) =>
    native(request, catalogueCalls.searchByPublication, { query: { query: body.query } }),
  );
  route(app, compatCalls.searchAuthorsPost, ({ request, body }) =>
    native(request, catalogueCalls.searchAuthors, { query: { query: body.query } }),
  );
  route(app, compatCalls.allDownloadableFiles, ({ request }) => native(request, catalogueCalls.getDownloadableFiles));
}

function registerPublicLinks(app: FastifyInstance, native: Native): void {
  route(app, compatCalls.generateLink, async ({ request, body }) => {
    const fromArgs = body.args.map((a) => (typeof a === 'string' ? runOfKey(a) : undefined)).find(Boolean);
    const runId = body.meta.run_id ?? fromArgs;
    if (!runId) throw new HttpError(400, 'meta.run_id: name the run (or pass a data/{run_id}/… key in args)');
    try {
      return await native(request, catalogueCalls.encodeLink, { body: { run_id: runId } });
    } catch (error) {
      // The original explorer opens every run through a link, private ones too: a private run gets its group's
      // link, which opens the run to no one who could not read it anyway (the native call decides who may make it).
      if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
      return native(request, catalogueCalls.encodeLink, { body: { run_id: runId, audience: 'group' } });
    }
  });
  route(app, compatCalls.decodeMetaByPath, ({ request, params }) =>
    native(request, catalogueCalls.decodeMeta, { query: { encoded: params.token } }),
  );
  route(app, compatCalls.publicTaskOriginal, async ({ request, body }) => {
    const [encoded, second, third] = body.args;
    if (typeof encoded !== 'string') throw new HttpError(400, 'args.0: the public link');
    // The original named the link's h5ad by index: 4 genes, 5 motifs, 6 eRegulons (seq_logo: the motifs file).
    const kind = body.key && body.key >= 4 && body.key <= 6 ? FEATURE_KINDS[body.key - 4]! : 'genes';
    const task = body.task;
    const input =
      task === 'gene.seq_logo'
        ? { encoded, task, kind: 'motifs' as const, motif: String(second ?? '') }
        : task === 'gene.compute_cell_type'
          ? { encoded, task, kind, name_map: second as Record<string, string[]> }
          : { encoded, task, kind, selection: (Array.isArray(third) ? third : second) as number[] };
    const state = await native(request, genesCalls.publicTask, { body: input });
    const meta = await native(request, catalogueCalls.decodeMeta, { query: { encoded } });
    return { ...state, meta: { run_id: meta.run_id, species: meta.species, tissue: meta.tissue, assay: meta.assay } };
  });
}

/** Add A Run, Add Files, Group Runs and the jobs table, in the original's shapes. */
function registerRunAdministration(app: FastifyInstance, native: Native, deps: { dataBucket: string }): void {
  route(app, compatCalls.uploadMetadataPage, async ({ request, body }) => {
    await native(request, runAdminCalls.saveRun, { body: toSaveRun(body) as never });
    return 'Success' as const;
  });
  const details = async (request: FastifyRequest, runId: string) => {
    try {
      return await native(request, runAdminCalls.getRunDetails, { query: { run_id: runId } });
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return null;
      throw error;
    }
  };
  route(app, compatCalls.infoFromRunId, async ({ request, body }) => {
    const run = await details(request, body.run_id);
    return run ? [toOriginalRun(run)] : [];
  });
  route(app, compatCalls.runIds, async ({ request }) =>
    (await native(request, catalogueCalls.getRuns)).map((r) => ({ run_id: r.run_id, tissue_id: r.tissue_id })),
  );
  route(app, compatCalls.jobs, async ({ request, body, identity }) => {
    const tasks = await native(request, taskCalls.listTasks, { query: { limit: 500 } });
    const mine = body.filter_username === true || body.filter_username === 'true'; // null: everyone's, as false
    const username = identity.kind === 'user' ? identity.username : null;
    return tasks
      .filter((t) => !mine || t.requested_by === username)
      .filter((t) => !body.job_name || t.task === body.job_name)
      .filter((t) => !body.run_id || t.run_id === body.run_id)
      .map(jobOf);
  });
  route(app, compatCalls.ensureRunIdCreated, async ({ request, body }) => {
    if (await details(request, body.run_id)) return 'Success' as const;
    throw new HttpError(409, `Run ${body.run_id} has no catalogue entry yet: describe it in Add A Run first.`);
  });
  route(app, compatCalls.studyRuns, async ({ request, body }) => {
    const { studies } = await native(request, runAdminCalls.getStudies);
    const study = studies.find((s) => s.study_id === body.study_id);
    if (!study) throw new HttpError(404, `Study ${body.study_id} was not found.`);
    return study.runs;
  });
  route(app, compatCalls.studyTypes, async ({ request }) => {
    const { study_types } = await native(request, runAdminCalls.getStudies);
    return study_types.map((name, i) => ({ study_type_id: i + 1, study_type_name: name }));
  });
  route(app, compatCalls.updateStudyTable, async ({ request, body }) => {
    const { studies, study_types } = await native(request, runAdminCalls.getStudies);
    const existing = body.id == null ? undefined : studies.find((s) => s.study_id === body.id);
    if (body.id != null && !existing) throw new HttpError(404, `Study ${body.id} was not found.`);
    const runIdOf = (r: string | { run_id: string }) => (typeof r === 'string' ? r : r.run_id);
    await native(request, runAdminCalls.saveStudy, {
      body: {
        study_name: existing?.study_name ?? body.study_name,
        create: !existing,
        study_description: body.description || existing?.study_description || body.study_name,
        study_type_name: body.study_type_id ? (study_types[body.study_type_id - 1] ?? null) : null,
        runs_to_add: body.adding_list.map(runIdOf),
        runs_to_remove: body.removing_list.map(runIdOf),
      },
    });
    return 'Success' as const;
  });
  /** The run of a tissue id among the runs the caller may see (the original's Add Files names runs so). */
  const runOfTissue = async (request: FastifyRequest, tissueId: number) =>
    (await native(request, catalogueCalls.getRuns)).find((r) => r.tissue_id === tissueId)?.run_id;
  route(app, compatCalls.loadRunFilesInfo, async ({ request, body }) => {
    const runId = body.run_id ?? (await runOfTissue(request, body.tissue_id!));
    if (!runId) return [];
    const run = await details(request, runId);
    if (!run) return [];
    return run.files.map((f) => ({ ...f, tissue_id: run.tissue_id, run_id: run.run_id }));
  });
  const fileTypes = async (request: FastifyRequest) =>
    (await native(request, runAdminCalls.getFileTypes)).map((name, i) => ({
      file_type_id: i + 1,
      file_type_name: name,
    }));
  route(app, compatCalls.fileTypeOptions, ({ request }) => fileTypes(request));
  route(app, compatCalls.setRunFiles, async ({ request, body }) => {
    const runId =
      body.run_id ?? (body.tissue_id === undefined ? undefined : await runOfTissue(request, body.tissue_id));
    if (!runId) throw new HttpError(404, COMPAT_MSG.noRunWithTissue(body.tissue_id ?? '(none)'));
    const types = await fileTypes(request);
    const typeName = (f: { file_type_name?: string; file_type_id?: number }) =>
      f.file_type_name ?? types.find((t) => t.file_type_id === f.file_type_id)?.file_type_name ?? '';
    const edit = (f: (typeof body.files_to_add)[number]) => ({
      file_type_name: typeName(f),
      bucket_name: f.bucket_name ?? deps.dataBucket,
      file_path: f.file_path ?? '',
      file_description: f.file_description ?? '',
    });
    await native(request, runAdminCalls.saveRunFiles, {
      body: {
        run_id: runId,
        added: body.files_to_add.map(edit),
        removed: body.file_ids_to_remove,
        changed: body.file_changes.map((f) => ({ ...edit(f), file_id: f.file_id })),
      },
    });
    return 'Success' as const;
  });
  route(app, compatCalls.runsCollaborator, async ({ request, query }) => {
    const [runs, records] = await Promise.all([
      native(request, catalogueCalls.getRuns),
      native(request, catalogueCalls.getRunRecords),
    ]);
    const ngsIds = new Map(records.map((r) => [r.results_id, r.ngs_id]));
    return runs
      .filter((r) => r.group === query.collaborator && (query.web_objs !== 'true' || r.web_object_available))
      .map((r) => ({ ...r, ngs_id: ngsIds.get(r.results_id) ?? null }));
  });
}

function registerTasksAndDownloads(app: FastifyInstance, native: Native, deps: { dataBucket: string }): void {
  route(app, compatCalls.taskSync, async ({ request, body }) => {
    const posted = await native(request, taskCalls.postTask, {
      body: { task: body.task, queue: body.queue, args: body.args ?? [], kwargs: body.kwargs ?? {} },
    });
    const deadline = Date.now() + TASK_SYNC_WAIT_MS;
    let state: TTaskState = posted;
    while (state.status !== 'SUCCESS' && state.status !== 'FAILURE') {
      if (Date.now() > deadline) throw new HttpError(504, `Task ${posted._id} is still running: poll GET task/:id.`);
      await new Promise((r) => setTimeout(r, TASK_SYNC_POLL_MS));
      state = await native(request, taskCalls.getTask, { params: { id: posted._id } });
    }
    if (state.status === 'FAILURE') throw new HttpError(422, state.error ?? `Task ${posted._id} failed.`);
    return originalResult(body.task, state.result);
  });
  // The original's Worker Status table: one row per worker and task (its columns worker, task, queues, requests).
  route(app, compatCalls.workerSummary, async ({ request }) =>
    (await native(request, taskCalls.listWorkers)).map((row) => ({
      worker: row.worker,
      task: row.task,
      queues: row.queues,
      requests: row.requested,
    })),
  );
  route(app, compatCalls.generateFrontpage, () => {
    throw new HttpError(410, COMPAT_MSG.frontpageRefused);
  });
  route(app, compatCalls.downloadLink, async ({ request, query }) => {
    const body = { bucket_name: query.bucket_name || deps.dataBucket, key: query.filename };
    const expires = query.expiry ? { expires_in: query.expiry } : {};
    return (await native(request, labCalls.presignOne, { body: { ...body, ...expires } })).url;
  });
  route(app, compatCalls.downloadLinkPublic, async ({ request, query }) => {
    const body = { bucket_name: query.bucket_name || deps.dataBucket, key: query.filename };
    return (await native(request, labCalls.presignOne, { body })).url;
  });
}
