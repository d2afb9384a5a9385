import { createHmac } from 'node:crypto';
import { EncryptJWT, errors as joseErrors, jwtDecrypt } from 'jose';
import { z } from 'zod';
import { ZPublicRunMeta, ZRunLinkData, type TPublicRunMeta, type TRunLinkData } from '@atlas/contracts';

/**
 * Public run links (spec 01 §4 "Opening a run", spec 03 §7 "Encode a link"): the run's data file paths and
 * public metadata, sealed into one compact token (JWE, `dir` + A256GCM) with an expiry. Sealed rather than only
 * signed, so a link holder sees an opaque string: the paths inside are read only here, on the server, by the
 * routes that serve public data. Tampering or a different secret fails the authentication tag.
 */
const RUN_LINK_TTL_SECONDS = 24 * 60 * 60;
const LINK_TYPE = 'atlas-run-link';

export interface RunLinkClaims {
  results_id: number;
  data: TRunLinkData;
  meta: TPublicRunMeta;
  /** Epoch milliseconds. */
  expires_at: number;
  /**
   * A link for the run's own group (issue 37: the original explorer opens every run through a link): it opens the
   * run only to a caller who may read it anyway, and never to a public session or another group.
   */
  group_only?: boolean;
}

const ZClaims = z.object({
  typ: z.literal(LINK_TYPE),
  results_id: z.number().int(),
  data: ZRunLinkData,
  meta: ZPublicRunMeta,
  exp: z.number(),
  group_only: z.literal(true).optional(),
});

export class RunLinkError extends Error {
  constructor(readonly reason: 'invalid' | 'expired') {
    super(`run link ${reason}`);
  }
}

/** A 256-bit key of its own, derived from the JWT secret: a link can never pass for a session token or the reverse. */
function linkKey(secret: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', secret).update('public-run-link').digest());
}

export async function sealRunLink(
  secret: string,
  claims: Omit<RunLinkClaims, 'expires_at'>,
  lifetimeSeconds = RUN_LINK_TTL_SECONDS,
): Promise<{ encoded: string; expires_at: number }> {
  const exp = Math.floor(Date.now() / 1000) + lifetimeSeconds;
  const encoded = await new EncryptJWT({
    typ: LINK_TYPE,
    results_id: claims.results_id,
    data: claims.data,
    meta: claims.meta,
    ...(claims.group_only ? { group_only: true } : {}),
  })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(exp)
    .encrypt(linkKey(secret));
  return { encoded, expires_at: exp * 1000 };
}

/** Opens a link; throws RunLinkError('expired') after its expiry and RunLinkError('invalid') for anything else. */
export async function openRunLink(secret: string, encoded: string): Promise<RunLinkClaims> {
  let payload: unknown;
  try {
    ({ payload } = await jwtDecrypt(encoded, linkKey(secret), {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new RunLinkError('expired');
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) throw new RunLinkError('invalid');
    throw error;
  }
  const claims = ZClaims.safeParse(payload);
  if (!claims.success) throw new RunLinkError('invalid');
  const { results_id, data, meta, exp, group_only } = claims.data;
  return { results_id, data, meta, expires_at: exp * 1000, ...(group_only ? { group_only } : {}) };
}
