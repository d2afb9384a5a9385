import { Client, Filter, InvalidCredentialsError, SizeLimitExceededError, type Entry } from 'ldapts';
import type { LdapSettings } from '../../../config.js';

/** A person the directory has verified (their DN bound with the password they typed). */
export interface DirectoryPerson {
  dn: string;
  /** The stable id (ATLAS_LDAP_SUBJECT_ATTRIBUTE, or the DN) that links the person to their portal account. */
  subject: string;
  /** The username attribute's value; undefined when the entry has none. */
  username: string | undefined;
  email: string;
  name: string;
  /** The DNs of the person's groups: the group attribute's values, or the entries the group search found. */
  groups: string[];
}

/** The directory did not answer, or refused the portal's own search account: nothing the person typed is at fault. */
export class DirectoryUnavailable extends Error {}

/** Directory look-ups over `ldapts` (a maintained LDAP client: BER, TLS and RFC 4515 filter escaping done right). */
export function createDirectory(settings: LdapSettings) {
  const connect = () =>
    new Client({
      url: settings.url,
      timeout: settings.timeoutMs,
      connectTimeout: settings.timeoutMs,
      ...(settings.ca && { tlsOptions: { ca: settings.ca } }),
    });

  /** Whether `dn` binds with `password`, on a connection of its own (the search connection keeps its rights). */
  async function bindsAs(dn: string, password: string): Promise<boolean> {
    const client = connect();
    try {
      await client.bind(dn, password);
      return true;
    } catch (error) {
      if (error instanceof InvalidCredentialsError) return false;
      throw error;
    } finally {
      await client.unbind().catch(() => {});
    }
  }

  /** The one entry the user filter finds for `username`; none when it finds none or several (never a guess). */
  async function findPerson(search: Client, username: string): Promise<Entry | undefined> {
    const escaped = Filter.escape(username);
    const { attributes: a } = settings;
    try {
      const { searchEntries } = await search.search(settings.userBase, {
        scope: 'sub',
        filter: settings.userFilter.replaceAll('{username}', () => escaped),
        sizeLimit: 2,
        attributes: [a.username, a.email, a.name, ...(a.subject === 'dn' ? [] : [a.subject]), ...groupAttribute()],
        explicitBufferAttributes: a.subject === 'dn' ? [] : [a.subject],
      });
      return searchEntries.length === 1 ? searchEntries[0] : undefined;
    } catch (error) {
      if (error instanceof SizeLimitExceededError) return undefined;
      throw error;
    }
  }

  const groupAttribute = () => (settings.groups && 'attribute' in settings.groups ? [settings.groups.attribute] : []);

  async function groupsOf(search: Client, person: Entry, username: string | undefined): Promise<string[]> {
    const groups = settings.groups;
    if (!groups) return [];
    if ('attribute' in groups) return valuesOf(person, groups.attribute);
    const filter = groups.filter
      .replaceAll('{dn}', () => Filter.escape(person.dn))
      .replaceAll('{username}', () => Filter.escape(username ?? ''));
    const { searchEntries } = await search.search(groups.base, { scope: 'sub', filter, attributes: ['1.1'] });
    return searchEntries.map((entry) => entry.dn);
  }

  return {
    /**
     * The person `username` names, when `password` is theirs; null when the directory knows no such person (or
     * several) or the password is wrong. Throws DirectoryUnavailable when the directory cannot be asked.
     */
    async authenticate(username: string, password: string): Promise<DirectoryPerson | null> {
      // A simple bind with a DN and no password is an "unauthenticated bind" (RFC 4513 §5.1.2) that many servers,
      // Active Directory among them, answer with success: an empty password would sign anybody in.
      if (password === '') return null;
      const search = connect();
      try {
        if (settings.bind) await search.bind(settings.bind.dn, settings.bind.password);
        const entry = await findPerson(search, username);
        if (!entry || !(await bindsAs(entry.dn, password))) return null;
        const person = personOf(entry, settings);
        return { ...person, groups: await groupsOf(search, entry, person.username) };
      } catch (error) {
        throw new DirectoryUnavailable(`directory ${settings.url}: ${(error as Error).message}`, { cause: error });
      } finally {
        await search.unbind().catch(() => {});
      }
    },
  };
}

function personOf(entry: Entry, settings: LdapSettings): Omit<DirectoryPerson, 'groups'> {
  const { attributes: a } = settings;
  return {
    dn: entry.dn,
    subject: a.subject === 'dn' ? entry.dn : subjectText(rawValuesOf(entry, a.subject)[0]),
    username: valuesOf(entry, a.username)[0],
    email: valuesOf(entry, a.email)[0] ?? '',
    name: valuesOf(entry, a.name)[0] ?? '',
  };
}

/**
 * The subject as text: an id stored as text (OpenLDAP's entryUUID) as it is, a binary one (Active Directory's
 * objectGUID, 16 bytes) in base64. Missing: an error, since without it the person cannot be linked to an account.
 */
function subjectText(value: Buffer | string | undefined): string {
  if (value === undefined)
    throw new Error('the person has no value of the subject attribute (ATLAS_LDAP_SUBJECT_ATTRIBUTE)');
  if (typeof value === 'string') return value;
  const text = value.toString('utf8');
  // eslint-disable-next-line no-control-regex
  return Buffer.from(text, 'utf8').equals(value) && !/[\u0000-\u001f\u007f\ufffd]/.test(text)
    ? text
    : value.toString('base64');
}

/** An attribute's values, whatever case the server spells its name in. */
function rawValuesOf(entry: Entry, attribute: string): (Buffer | string)[] {
  const key = Object.keys(entry).find((name) => name.toLowerCase() === attribute.toLowerCase());
  const value = key === undefined || key === 'dn' ? undefined : entry[key];
  return value === undefined ? [] : ([] as (Buffer | string)[]).concat(value);
}

const valuesOf = (entry: Entry, attribute: string): string[] =>
  rawValuesOf(entry, attribute).map((value) => (typeof value === 'string' ? value : value.toString('utf8')));
