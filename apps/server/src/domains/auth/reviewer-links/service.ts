import type { Kysely } from 'kysely';
import {
  REVIEWER_PAGE_PATH,
  REVIEWER_SESSION_SECONDS,
  REVIEWER_SIGN_IN_LIMIT,
  SHARING_MSG,
  type Identity,
  type ReviewerLinkState,
  type TReviewerLink,
  type TReviewerSecrets,
  type TReviewerSession,
} from '@atlas/contracts';
import { badRequest, conflict, HttpError, notFound, tooManyRequests } from '../../../http/errors.js';
import type { TokenService } from '../../../http/tokens.js';
import type { Tables } from '../../../infra/db/tables.js';
import type { LimitStore } from '../../../infra/limits/index.js';
import { recordAudit } from '../../audit/index.js';
import { createSecretHasher, generateCode, generatePin, hashesMatch } from './secrets.js';
import { reviewerLinkStore as store, type LinkRow } from './store.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (value: Date) => value.toISOString();
export const reviewerTarget = (id: string) => `reviewer_link:${id}`;
/** How a reviewer shows in the audit log: no account, so the link names them. */
export const reviewerActor = (id: string) => `reviewer:${id}`;

export type ReviewerIdentity = Extract<Identity, { kind: 'reviewer' }>;

export interface ReviewerLinkDeps {
  db: Kysely<Tables>;
  secret: string;
  limits: LimitStore;
  tokens: TokenService;
  /** Which of these run ids have a catalogue entry (the runs owner). */
  existingRuns(runIds: readonly string[]): Promise<Set<string>>;
  /** Mails the members of the runs' groups that a reviewer link was made (share notices). */
  notify(runIds: readonly string[], actor: string): Promise<void>;
  /** The clock of link expiry: tests move it instead of waiting. */
  now(): number;
}

function stateOf(row: LinkRow, now: number): ReviewerLinkState {
  if (row.revoked_at) return 'revoked';
  return row.expires_at.getTime() <= now ? 'expired' : 'live';
}

function present(row: LinkRow, now: number): TReviewerLink {
  return {
    id: row.id,
    label: row.label,
    run_ids: row.run_ids,
    allow_downloads: row.allow_downloads,
    created_by: row.created_by,
    created_at: iso(row.created_at),
    expires_at: iso(row.expires_at),
    rotated_at: row.rotated_at && iso(row.rotated_at),
    revoked_at: row.revoked_at && iso(row.revoked_at),
    last_used_at: row.last_used_at && iso(row.last_used_at),
    state: stateOf(row, now),
  };
}

/**
 * Reviewer links (issue 35): a code and PIN open a read-only session on a set of runs until the link expires, is
 * rotated (new code and PIN, new session key: every session ends) or revoked. Sign-in guesses are throttled per
 * address (the sign-in throttle's limit store) and every try is counted before it is checked; each sign-in is
 * audited, as is each run a reviewer opens (domains/catalogue).
 */
export function createReviewerLinks(deps: ReviewerLinkDeps) {
  const { db } = deps;
  const hash = createSecretHasher(deps.secret);
  const guesses = deps.limits.limiter('reviewer-sign-in', REVIEWER_SIGN_IN_LIMIT);

  function newSecrets(): { code: string; pin: string; code_hash: string; pin_hash: string } {
    const code = generateCode();
    const pin = generatePin();
    const code_hash = hash.code(code);
    return { code, pin, code_hash, pin_hash: hash.pin(code_hash, pin) };
  }

  const withSecrets = (row: LinkRow, code: string, pin: string): TReviewerSecrets => ({
    ...present(row, deps.now()),
    code,
    pin,
    path: `${REVIEWER_PAGE_PATH}?code=${code}`,
  });

  async function requireRow(id: string): Promise<LinkRow> {
    const row = await store.find(db, { id });
    if (!row) throw notFound(SHARING_MSG.linkNotFound);
    return row;
  }

  return {
    async create(
      actor: string,
      input: { run_ids: string[]; label: string; days: number; allow_downloads: boolean },
    ): Promise<TReviewerSecrets> {
      const runIds = [...new Set(input.run_ids)].sort();
      const existing = await deps.existingRuns(runIds);
      const missing = runIds.filter((id) => !existing.has(id));
      if (missing.length) throw notFound(SHARING_MSG.runsNotFound(missing));
      const secrets = newSecrets();
      const expires = new Date(deps.now() + input.days * DAY_MS);
      const id = await db.transaction().execute(async (trx) => {
        const made = await store.insert(
          trx,
          {
            label: input.label,
            code_hash: secrets.code_hash,
            pin_hash: secrets.pin_hash,
            allow_downloads: input.allow_downloads,
            created_by: actor,
            expires_at: expires,
          },
          runIds,
        );
        await recordAudit(trx, {
          actor,
          action: 'reviewer_link.create',
          target: reviewerTarget(made),
          after: { run_ids: runIds, expires_at: iso(expires), allow_downloads: input.allow_downloads },
        });
        return made;
      });
      await deps.notify(runIds, actor);
      return withSecrets(await requireRow(id), secrets.code, secrets.pin);
    },

    async list(runId?: string): Promise<TReviewerLink[]> {
      const now = deps.now();
      return (await store.list(db, runId)).map((row) => present(row, now));
    },

    async rotate(actor: string, id: string): Promise<TReviewerSecrets> {
      const row = await requireRow(id);
      if (stateOf(row, deps.now()) !== 'live') throw conflict(SHARING_MSG.notLive);
      const secrets = newSecrets();
      await db.transaction().execute(async (trx) => {
        const { code_hash, pin_hash } = secrets;
        await store.rotate(trx, id, { code_hash, pin_hash }, new Date(deps.now()));
        await recordAudit(trx, { actor, action: 'reviewer_link.rotate', target: reviewerTarget(id) });
      });
      return withSecrets(await requireRow(id), secrets.code, secrets.pin);
    },

    async revoke(actor: string, id: string): Promise<{ msg: string }> {
      await requireRow(id);
      await db.transaction().execute(async (trx) => {
        if (await store.revoke(trx, id, actor, new Date(deps.now())))
          await recordAudit(trx, { actor, action: 'reviewer_link.revoke', target: reviewerTarget(id) });
      });
      return { msg: SHARING_MSG.revokedDone };
    },

    /**
     * A session for a code and PIN. Wrong pairs are counted per address as the sign-in throttle counts failed
     * passwords (../sign-in-throttle.ts); a wrong code and a wrong PIN answer alike. An expired or revoked link is
     * told so only to whoever has both secrets right.
     */
    async signIn(code: string, pin: string, ip: string): Promise<TReviewerSession> {
      if (await guesses.isLimited(ip)) throw tooManyRequests(SHARING_MSG.tooManyTries);
      const codeHash = hash.code(code);
      const row = await store.find(db, { code_hash: codeHash });
      // A made-up PIN hash is compared for an unknown code too, so both refusals take the same time.
      const pinRight = hashesMatch(row?.pin_hash ?? '0'.repeat(64), hash.pin(codeHash, pin));
      if (!row || !pinRight) {
        await guesses.hit(ip);
        throw new HttpError(401, SHARING_MSG.wrongCodeOrPin);
      }
      const now = deps.now();
      const state = stateOf(row, now);
      if (state !== 'live') throw new HttpError(410, state === 'revoked' ? SHARING_MSG.revoked : SHARING_MSG.expired);
      await guesses.reset(ip);
      await db.transaction().execute(async (trx) => {
        await store.touch(trx, row.id, new Date(now));
        await recordAudit(trx, {
          actor: reviewerActor(row.id),
          action: 'reviewer_link.sign_in',
          target: reviewerTarget(row.id),
          after: { ip },
        });
      });
      const seconds = Math.min(REVIEWER_SESSION_SECONDS, Math.floor((row.expires_at.getTime() - now) / 1000));
      const access_token = await deps.tokens.issue(
        { sub: row.id, role: 'reviewer', groups: [], sk: row.session_key },
        Math.max(1, seconds),
      );
      return { access_token, ...sessionOf(row) };
    },

    /** The identity of a reviewer session token, or null once its link is rotated, revoked or expired. */
    async resolve(linkId: string, sessionKey: string | undefined): Promise<ReviewerIdentity | null> {
      if (!/^[0-9a-f-]{36}$/.test(linkId)) return null;
      const row = await store.find(db, { id: linkId });
      if (!row || row.session_key !== sessionKey || stateOf(row, deps.now()) !== 'live') return null;
      return {
        kind: 'reviewer',
        linkId: row.id,
        sessionKey: row.session_key,
        runIds: row.run_ids,
        allowDownloads: row.allow_downloads,
      };
    },

    async me(identity: Identity): Promise<Omit<TReviewerSession, 'access_token'>> {
      // Not a 403: the route's rule lets every session in, and only the answer depends on the session's kind.
      if (identity.kind !== 'reviewer') throw badRequest(SHARING_MSG.reviewerOnly);
      return sessionOf(await requireRow(identity.linkId));
    },

    /** How many live links open each run (the catalogue's link chip). */
    liveCounts: () => store.liveCounts(db, new Date(deps.now())),

    /** Audits a run a reviewer opened (each open, as the issue asks). */
    async recordOpen(identity: ReviewerIdentity, runId: string): Promise<void> {
      if (!identity.runIds.includes(runId)) throw badRequest(SHARING_MSG.linkNotFound);
      await recordAudit(db, {
        actor: reviewerActor(identity.linkId),
        action: 'reviewer_link.open_run',
        target: `run:${runId}`,
      });
    },
  };
}

function sessionOf(row: LinkRow): Omit<TReviewerSession, 'access_token'> {
  return {
    run_ids: row.run_ids,
    label: row.label,
    allow_downloads: row.allow_downloads,
    expires_at: iso(row.expires_at),
  };
}

export type ReviewerLinks = ReturnType<typeof createReviewerLinks>;
