import { z } from 'zod';
import { defineCall } from '../call.js';
import { ENVIRONMENTS } from '../constants.js';

export const appInfo = defineCall({
  method: 'GET',
  path: '/api/v1/app',
  access: 'anonymous',
  summary: 'Application name, version and environment; also the health check.',
  response: z.object({
    name: z.string(),
    version: z.string(),
    environment: z.enum(ENVIRONMENTS),
    drivers: z.object({ database: z.string(), storage: z.string(), queue: z.string(), mail: z.string() }),
  }),
});
