import {
  callerOf,
  DOWNLOAD_MSG,
  DOWNLOAD_PATH,
  mayUseRun,
  mayUseUnownedKey,
  type Caller,
  type Identity,
} from '@atlas/contracts';
import { HttpError } from '../../http/errors.js';
import type { ActiveUserLookup } from '../../http/identity.js';
import type { RunFacts } from '../runs/index.js';
import { createDownloadTokens, DownloadTokenError, type DownloadTarget, type Holder } from './token.js';

export const baseName = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** Who asks for a link: the request's identity and the personal API token it was signed with, if any. */
export interface Signer {
  identity: Identity;
  apiTokenId: string | null;
}

/**
 * Download links (issue 33 §7). A link names its object, the run whose visibility decides and whom it was made for;
 * opening it asks the runs owner again, as of now, whether that holder may read the run — by the rule every other
 * door uses (mayUseRun), from the run's row as of the run tables' version — and, for an account, whether it still
 * exists, is enabled and has the same session key (a new password ends its links as it ends its sessions) and which
 * groups it has now; a link made for a request signed with a personal API token also closes when that token is
 * revoked or expires. So a run made private closes its links at once, where a pre-signed URL kept working up to an
 * hour.
 */
export function createDownloads(deps: {
  facts: RunFacts;
  secret: string;
  lookupAccount: ActiveUserLookup;
  /** Whether a personal API token still signs requests (not revoked, not expired, not ended). */
  apiTokenLive: (id: string) => Promise<boolean>;
  /** A reviewer link's session as of now (null once rotated, revoked or expired). */
  reviewerNow?: (linkId: string, sessionKey: string) => Promise<Identity | null>;
}) {
  const tokens = createDownloadTokens(deps.secret);

  /** The caller a holder is now, or null when the account is gone, disabled or has a new session key. */
  async function callerNow(holder: Holder): Promise<Caller | null> {
    if (holder.kind === 'link') return { kind: 'link', runId: holder.runId };
    if (holder.kind === 'reviewer') {
      const reviewer = await deps.reviewerNow?.(holder.linkId, holder.sessionKey);
      return reviewer?.kind === 'reviewer' && reviewer.allowDownloads ? callerOf(reviewer) : null;
    }
    const account = await deps.lookupAccount(holder.username);
    if (!account || account.sessionKey !== holder.sessionKey) return null;
    if (holder.apiTokenId && !(await deps.apiTokenLive(holder.apiTokenId))) return null;
    return callerOf({ kind: 'user', username: holder.username, groups: account.groups });
  }

  async function mayRead(caller: Caller, run: string | null): Promise<boolean> {
    if (run === null) return mayUseUnownedKey(caller, 'read');
    const row = await deps.facts(run);
    return mayUseRun(caller, 'read', run, row && { public: row.public, group: row.group });
  }

  return {
    /**
     * Whom a link made now is for: the public link's holder when the read was authorised by a public link (a group
     * link opens only for its group's accounts, so it makes links for the account), else the signed-in account as
     * of its session key and of the personal API token the request was signed with (`apiTokenId`); null for
     * anyone else.
     */
    async holderOf(signer: Signer, link?: { group_only?: boolean; meta: { run_id: string } }): Promise<Holder | null> {
      const { identity, apiTokenId } = signer;
      if (link && !link.group_only) return { kind: 'link', runId: link.meta.run_id };
      // A reviewer gets download links only when its link allows them (issue 35).
      if (identity.kind === 'reviewer')
        return identity.allowDownloads
          ? { kind: 'reviewer', linkId: identity.linkId, sessionKey: identity.sessionKey }
          : null;
      if (identity.kind !== 'user') return null;
      const account = await deps.lookupAccount(identity.username);
      if (!account) return null;
      const holder = { kind: 'user' as const, username: identity.username, sessionKey: account.sessionKey };
      return apiTokenId ? { ...holder, apiTokenId } : holder;
    },

    /** A download URL of `target` for `holder`, `{origin}/api/v1/downloads/{token}/{file name}`, living `seconds`. */
    async url(
      holder: Holder,
      target: DownloadTarget,
      options: { origin: string; seconds: number },
    ): Promise<{ url: string; expiresAt: number }> {
      // Rounded up: a link lives at least as long as it was asked for.
      const expires = Math.ceil(Date.now() / 1000 + options.seconds);
      const token = await tokens.seal({ ...target, holder, expires });
      const origin = options.origin.replace(/\/+$/, '');
      return {
        url: `${origin}${DOWNLOAD_PATH}/${token}/${encodeURIComponent(baseName(target.key))}`,
        expiresAt: expires * 1000,
      };
    },

    /**
     * The object a token opens now: 403 when it is not ours or has expired, 404 when its holder may no longer read
     * its run (as for an object that is gone, so a link tells nothing more than that it no longer opens).
     */
    async open(token: string): Promise<DownloadTarget> {
      let claims;
      try {
        claims = await tokens.open(token);
      } catch (error) {
        if (!(error instanceof DownloadTokenError)) throw error;
        throw new HttpError(403, error.reason === 'expired' ? DOWNLOAD_MSG.linkExpired : DOWNLOAD_MSG.linkInvalid);
      }
      const caller = await callerNow(claims.holder);
      if (!caller || !(await mayRead(caller, claims.run))) throw new HttpError(404, DOWNLOAD_MSG.linkClosed);
      return { bucket: claims.bucket, key: claims.key, run: claims.run };
    },
  };
}

export type Downloads = ReturnType<typeof createDownloads>;
