import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Attribute, Change, Client } from 'ldapts';
import { runningInCi } from '../src/config.js';
import { freePort } from './ports.js';

/**
 * A real OpenLDAP server for the LDAP sign-in tests: Debian's slapd (which .ci/run installs) started on a free
 * loopback port as the current user, with a slapd.conf and an mdb database in a temporary folder. The directory holds
 * an OU of people (uid, cn, mail, userPassword hashed {SSHA} by slappasswd), an OU of groupOfNames groups listing
 * their members' DNs, and the memberof overlay, so each person also carries `memberOf` the way Active Directory
 * answers it. A service account may read the tree (so may anonymous clients, for the anonymous-search setting);
 * passwords are readable by nobody and used only to bind. Like Active Directory, it takes a DN with an empty password
 * as an anonymous bind that succeeds (`allow bind_anon_dn`): the portal must refuse empty passwords itself.
 */
export const SLAPD = '/usr/sbin/slapd';
const SLAPPASSWD = '/usr/sbin/slappasswd';
const SCHEMA_DIR = '/etc/ldap/schema';
const MODULE_DIR = '/usr/lib/ldap';

/** Why the directory tests do not run here, or null when they do (in CI they always run, and fail without slapd). */
export const slapdSkipReason: string | null =
  fs.existsSync(SLAPD) || runningInCi() ? null : `${SLAPD} is absent (apt install slapd ldap-utils)`;

export const SUFFIX = 'dc=atlas,dc=test';
const ROOT_DN = `cn=admin,${SUFFIX}`;
const PEOPLE = `ou=people,${SUFFIX}`;
export const GROUPS = `ou=groups,${SUFFIX}`;
const SERVICE_DN = `cn=portal,ou=services,${SUFFIX}`;

/** One person of the directory (a test factory: `directoryPerson('ada', { groups: ['lab'] })`). */
export interface DirectoryPerson {
  uid: string;
  password: string;
  name: string;
  mail: string;
  /** Names (cn) of the groups listing this person. */
  groups: string[];
}

export const directoryPerson = (uid: string, extra: Partial<DirectoryPerson> = {}): DirectoryPerson => ({
  uid,
  password: `Dir#${uid}-pass1`,
  name: `Person ${uid}`,
  mail: `${uid}@uni.example`,
  groups: [],
  ...extra,
});

export interface Slapd {
  /** ldap://127.0.0.1:<port> */
  url: string;
  personDn(uid: string): string;
  groupDn(name: string): string;
  /** The portal's settings for this directory (service bind, uid filter, groups by `memberOf`), `extra` over them. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Makes `uid` a member of exactly `groups` (an admin's ldapmodify of each group's `member`). */
  setGroups(uid: string, groups: readonly string[]): Promise<void>;
  stop(): Promise<void>;
}

const ssha = (password: string) =>
  execFileSync(SLAPPASSWD, ['-h', '{SSHA}', '-s', password], { encoding: 'utf8' }).trim();

function slapdConf(dir: string, rootPassword: string): string {
  return `include ${SCHEMA_DIR}/core.schema
include ${SCHEMA_DIR}/cosine.schema
include ${SCHEMA_DIR}/inetorgperson.schema
pidfile ${dir}/slapd.pid
argsfile ${dir}/slapd.args
# As Active Directory does: a DN with an empty password binds (anonymously), so the portal must refuse those itself.
allow bind_anon_dn
modulepath ${MODULE_DIR}
moduleload back_mdb
moduleload memberof

database mdb
suffix "${SUFFIX}"
rootdn "${ROOT_DN}"
rootpw ${ssha(rootPassword)}
directory ${dir}/db
maxsize 16777216
overlay memberof
memberof-group-oc groupOfNames
memberof-member-ad member
memberof-memberof-ad memberOf
memberof-refint TRUE
access to attrs=userPassword by anonymous auth by * none
access to * by * read
`;
}

function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`slapd exited with ${child.exitCode}: ${log()}`));
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`slapd did not listen on ${port}: ${log()}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

const SERVICE_PASSWORD = 'Service#Pass1';

/** The portal's settings for the directory at `url` (service bind, uid filter, groups by `memberOf`), `extra` over them. */
export function directoryEnv(url: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ATLAS_LDAP_URL: url,
    ATLAS_LDAP_BIND_DN: SERVICE_DN,
    ATLAS_LDAP_BIND_PASSWORD: SERVICE_PASSWORD,
    ATLAS_LDAP_USER_BASE: PEOPLE,
    ATLAS_LDAP_USER_FILTER: '(&(objectClass=inetOrgPerson)(uid={username}))',
    ATLAS_LDAP_GROUP_ATTRIBUTE: 'memberOf',
    ATLAS_LDAP_TIMEOUT_MS: '3000',
    ...extra,
  };
}

/**
 * Starts slapd with `people` (and their groups) in it, on `options.port` or a free one; stop() ends it and removes its
 * folder.
 */
export async function startSlapd(people: readonly DirectoryPerson[], options: { port?: number } = {}): Promise<Slapd> {
  if (!fs.existsSync(SLAPD)) throw new Error(`${SLAPD} is absent: .ci/run installs it (apt install slapd ldap-utils)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-slapd-'));
  fs.mkdirSync(path.join(dir, 'db'));
  const rootPassword = 'Root#Pass1';
  fs.writeFileSync(path.join(dir, 'slapd.conf'), slapdConf(dir, rootPassword));
  const port = options.port ?? (await freePort());
  const url = `ldap://127.0.0.1:${port}`;
  // -d 0: stay in the foreground (no fork), so the child is slapd itself and stop() ends it.
  const child = spawn(SLAPD, ['-d', '0', '-h', `${url}/`, '-f', path.join(dir, 'slapd.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const gone = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await gone;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const personDn = (uid: string) => `uid=${uid},${PEOPLE}`;
  const groupDn = (name: string) => `cn=${name},${GROUPS}`;
  const asRoot = async <T>(work: (client: Client) => Promise<T>): Promise<T> => {
    const client = new Client({ url, timeout: 5000 });
    try {
      await client.bind(ROOT_DN, rootPassword);
      return await work(client);
    } finally {
      await client.unbind();
    }
  };

  try {
    await waitForPort(port, child, () => log);
    const groupNames = [...new Set(people.flatMap((p) => p.groups))];
    await asRoot(async (client) => {
      await client.add(SUFFIX, { objectClass: ['dcObject', 'organization'], dc: 'atlas', o: 'Atlas test directory' });
      for (const ou of ['people', 'groups', 'services'])
        await client.add(`ou=${ou},${SUFFIX}`, { objectClass: 'organizationalUnit', ou });
      await client.add(SERVICE_DN, {
        objectClass: ['organizationalRole', 'simpleSecurityObject'],
        cn: 'portal',
        userPassword: ssha(SERVICE_PASSWORD),
      });
      for (const p of people) {
        await client.add(personDn(p.uid), {
          objectClass: 'inetOrgPerson',
          uid: p.uid,
          cn: p.name,
          sn: p.name.split(' ').at(-1)!,
          mail: p.mail,
          userPassword: ssha(p.password),
        });
      }
      for (const name of groupNames) {
        // groupOfNames needs a member: the service account holds each group open when its last person leaves.
        const members = [SERVICE_DN, ...people.filter((p) => p.groups.includes(name)).map((p) => personDn(p.uid))];
        await client.add(groupDn(name), { objectClass: 'groupOfNames', cn: name, member: members });
      }
    });
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url,
    personDn,
    groupDn,
    env: (extra = {}) => directoryEnv(url, extra),
    async setGroups(uid, groups) {
      await asRoot(async (client) => {
        const filter = '(objectClass=groupOfNames)';
        const { searchEntries } = await client.search(GROUPS, { filter, attributes: ['cn', 'member'] });
        for (const entry of searchEntries) {
          const name = String(entry.cn);
          const isMember = ([] as unknown[]).concat(entry.member).includes(personDn(uid));
          const wanted = groups.includes(name);
          if (isMember === wanted) continue;
          const modification = new Attribute({ type: 'member', values: [personDn(uid)] });
          await client.modify(entry.dn, new Change({ operation: wanted ? 'add' : 'delete', modification }));
        }
      });
    },
    stop,
  };
}
