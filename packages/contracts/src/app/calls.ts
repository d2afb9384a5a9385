import { z } from 'zod';
import { defineCall } from '../call.js';
import { ENVIRONMENTS } from '../constants.js';

/** Whether this process reaches what requests need (probed in the background every few seconds). */
export const ZAppReadiness = z.object({ database: z.boolean(), queue: z.boolean(), storage: z.boolean() });
export type TAppReadiness = z.infer<typeof ZAppReadiness>;

export const appInfo = defineCall({
  method: 'GET',
  path: '/api/v1/app',
  access: 'anonymous',
  summary:
    'Application name, version and environment, and whether this process reaches its database, queue and storage; ' +
    "also the health check: 503 (with the same body's `ready`) when one of them is down, so a proxy takes the " +
    'process out of rotation.',
  response: z.object({
    name: z.string(),
    version: z.string(),
    environment: z.enum(ENVIRONMENTS),
    drivers: z.object({ database: z.string(), storage: z.string(), queue: z.string(), mail: z.string() }),
    ready: ZAppReadiness,
    /** Institution sign-in through OpenID Connect (issue 35): the button's name, or null when not configured. */
    oidc: z.object({ name: z.string() }).nullable(),
  }),
});
