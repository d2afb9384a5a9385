import type { Kysely } from 'kysely';
import { REVIEWER_PAGE_PATH, SHARING_MSG } from '@atlas/contracts';
import type { Tables } from '../../infra/db/tables.js';
import type { Logger } from 'pino';
import type { Mail, Mailer } from '../../infra/mail/port.js';
import { recordAudit, userTarget } from '../audit/index.js';

/** Why members are told: their group was given a run, or a reviewer link was made for one of their group's runs. */
export type ShareEvent = { kind: 'group'; runId: string; group: string } | { kind: 'reviewer'; runIds: string[] };

interface Member {
  username: string;
  name: string;
  email: string;
}

/**
 * Share notices (issue 35): the members of a group are mailed (the mail outbox or SMTP, as every account mail) when a
 * run is shared with the group or a reviewer link is made for a run of the group, unless they turned notices off in
 * User Settings. The actor is not told of their own share. A failed delivery is logged and never undoes the share.
 */
export function createShareNotices(deps: {
  db: Kysely<Tables>;
  mailer: Mailer;
  log: Logger;
  portalUrl: string | undefined;
  /** The group of each run that has one (the runs owner). */
  groupsOf(runIds: readonly string[]): Promise<Map<string, string>>;
}) {
  async function membersOf(group: string, except: string | null): Promise<Member[]> {
    let query = deps.db
      .selectFrom('users as u')
      .innerJoin('user_groups as ug', 'ug.user_id', 'u.id')
      .innerJoin('groups as g', 'g.id', 'ug.group_id')
      .select(['u.username', 'u.name', 'u.email'])
      .where('g.name', '=', group)
      .where('u.share_notices', '=', true)
      .where('u.disabled', '=', false)
      .where('u.email', '<>', '');
    if (except) query = query.where('u.username', '<>', except);
    return query.execute();
  }

  async function send(mail: Mail): Promise<void> {
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      deps.log.error({ err: error, to: mail.to }, 'share notice could not be sent');
    }
  }

  return {
    async notify(event: ShareEvent, actor: string | null): Promise<void> {
      const byGroup = new Map<string, string[]>();
      if (event.kind === 'group') byGroup.set(event.group, [event.runId]);
      else
        for (const [runId, group] of await deps.groupsOf(event.runIds))
          byGroup.set(group, [...(byGroup.get(group) ?? []), runId]);
      for (const [group, runIds] of byGroup)
        for (const member of await membersOf(group, actor))
          await send(noticeMail(member, event.kind, group, runIds, actor, deps.portalUrl));
    },

    async get(username: string): Promise<{ enabled: boolean }> {
      const row = await deps.db
        .selectFrom('users')
        .select('share_notices')
        .where('username', '=', username)
        .executeTakeFirst();
      return { enabled: row?.share_notices ?? false };
    },

    async set(username: string, enabled: boolean): Promise<{ enabled: boolean; msg: string }> {
      await deps.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ share_notices: enabled }).where('username', '=', username).execute();
        await recordAudit(trx, {
          actor: username,
          action: 'user.share_notices',
          target: userTarget(username),
          after: { enabled },
        });
      });
      return { enabled, msg: SHARING_MSG.notifySaved(enabled) };
    },
  };
}

export type ShareNotices = ReturnType<typeof createShareNotices>;

function noticeMail(
  member: Member,
  kind: ShareEvent['kind'],
  group: string,
  runIds: readonly string[],
  actor: string | null,
  portalUrl: string | undefined,
): Mail {
  const runs = runIds.join(', ');
  const who = actor ?? 'An administrator';
  const what =
    kind === 'group'
      ? `${who} shared run ${runs} with your group '${group}' in Atlas Portal.`
      : `${who} made a reviewer link (read-only, expiring) for ${runs} of your group '${group}' in Atlas Portal. Reviewers sign in at ${portalUrl ? portalUrl.replace(/\/$/, '') : ''}${REVIEWER_PAGE_PATH} with the code and PIN they were given.`;
  return {
    to: member.email,
    subject:
      kind === 'group' ? `Atlas Portal: run ${runs} shared with ${group}` : `Atlas Portal: reviewer link for ${runs}`,
    text: [
      `Hello ${member.name || member.username},`,
      '',
      what,
      '',
      `Username: ${member.username}`,
      '',
      'You get this mail because share notices are on: turn them off in User Settings.',
    ].join('\n'),
  };
}
