import { defineCall } from '../call.js';
import { ZSystemStatus } from './schemas.js';

export const systemStatus = defineCall({
  method: 'GET',
  path: '/api/v1/admin/system',
  access: 'admin',
  summary:
    'Version and schema version, queue counts, live workers, the latest failed tasks, storage use per bucket, database size and demo content (Admin Panel, System).',
  response: ZSystemStatus,
});

export const metrics = defineCall({
  method: 'GET',
  path: '/metrics',
  access: 'admin',
  summary:
    'Prometheus metrics in the text format (HTTP, tasks, queues, database pool, storage errors, process). Admins, or `Authorization: Bearer <ATLAS_METRICS_TOKEN>`.',
});
