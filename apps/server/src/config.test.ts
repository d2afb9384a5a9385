import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig, ZEnv } from './config.js';

// Data folders the configurations point at, removed after the file (they were left behind: 80 per run).
const made: string[] = [];
const tmp = () => {
  made.push(fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-config-')));
  return made[made.length - 1]!;
};
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});
const LDAP = { ATLAS_LDAP_URL: 'ldaps://dc.uni.example:636', ATLAS_LDAP_USER_BASE: 'ou=people,dc=uni' };
const clean = { DATABASE_URL: '', REDIS_URL: '', S3_ENDPOINT: '', S3_ACCESS_KEY_ID: '', SMTP_URL: '' };

describe('config', () => {
  it('defaults to the embedded profile on port 8080 with ./var', () => {
    const dir = tmp();
    const config = loadConfig({ ...clean, ATLAS_DATA_DIR: dir, PORT: undefined, ATLAS_ENV: undefined });
    expect(config.port).toBe(8080);
    expect(config.environment).toBe('development');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(config.buckets).toEqual(['atx-data', 'atx-images', 'atx-tracks']);
  });

  it('believes X-Forwarded-For only when ATLAS_TRUST_PROXY names the proxies; images are capped at 200 MP', () => {
    const dir = tmp();
    const of = (value: string | undefined) =>
      loadConfig({ ...clean, ATLAS_DATA_DIR: dir, ATLAS_TRUST_PROXY: value }).trustProxy;
    expect(of(undefined)).toBe(false);
    expect(of('true')).toBe(true);
    expect(of('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    const hops = of('1') as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('10.0.0.1', 1)]).toEqual([true, false]);
    expect(loadConfig({ ...clean, ATLAS_DATA_DIR: dir }).imageMaxPixels).toBe(200_000_000);
  });

  it("maps the original client's buckets and allows no other origin unless told (issue 37)", () => {
    const dir = tmp();
    const defaults = loadConfig({ ...clean, ATLAS_DATA_DIR: dir });
    expect(defaults.compatBuckets).toEqual({ 'atx-illumina': 'atx-data' });
    expect(defaults.corsOrigins).toEqual([]);
    const set = loadConfig({
      ...clean,
      ATLAS_DATA_DIR: dir,
      ATLAS_COMPAT_BUCKETS: 'atx-cloud-dev=atx-data, atx-imgs=atx-images',
      ATLAS_CORS_ORIGINS: 'https://lab.example.org, http://localhost:8081',
    });
    expect(set.compatBuckets).toEqual({ 'atx-cloud-dev': 'atx-data', 'atx-imgs': 'atx-images' });
    expect(set.corsOrigins).toEqual(['https://lab.example.org', 'http://localhost:8081']);
  });

  it('reads a directory sign-in only when ATLAS_LDAP_URL is set (issue 35)', () => {
    const dir = tmp();
    expect(loadConfig({ ...clean, ATLAS_DATA_DIR: dir }).ldap).toBeUndefined();
    const ldap = loadConfig({
      ...clean,
      ...LDAP,
      ATLAS_DATA_DIR: dir,
      ATLAS_LDAP_GROUP_MAP: '{"CN=Lab, OU=Groups, DC=uni": "lab", "staff": ["lab", "viewers"]}',
    }).ldap;
    expect(ldap).toMatchObject({
      url: 'ldaps://dc.uni.example:636',
      bind: undefined,
      userFilter: '(uid={username})',
      groups: undefined,
      groupMap: { 'CN=Lab, OU=Groups, DC=uni': ['lab'], staff: ['lab', 'viewers'] },
      newAccounts: 'create',
      localAccounts: true,
    });
  });

  it('keeps a generated signing key across restarts', () => {
    const dir = tmp();
    const first = loadConfig({ ...clean, ATLAS_DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ ...clean, ATLAS_DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ ATLAS_ENV: 'staging' }, 'ATLAS_ENV'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ ATLAS_JWT_SECRET: 'short' }, 'ATLAS_JWT_SECRET'],
    [{ S3_ACCESS_KEY_ID: 'x' }, 'S3_SECRET_ACCESS_KEY'],
    [{ ATLAS_BUCKETS: 'Bad_Bucket' }, 'ATLAS_BUCKETS'],
    [{ ATLAS_COMPAT_BUCKETS: 'atx-illumina=atx-nowhere' }, 'ATLAS_COMPAT_BUCKETS'],
    [{ ATLAS_CORS_ORIGINS: 'https://lab.example.org/atlas' }, 'ATLAS_CORS_ORIGINS'],
    [{ ATLAS_LDAP_URL: 'http://dc.uni.example' }, 'ATLAS_LDAP_URL'],
    [{ ...LDAP, ATLAS_LDAP_USER_BASE: '' }, 'ATLAS_LDAP_USER_BASE'],
    [{ ...LDAP, ATLAS_LDAP_USER_FILTER: '(uid=alice)' }, 'ATLAS_LDAP_USER_FILTER'],
    [{ ...LDAP, ATLAS_LDAP_BIND_DN: 'cn=portal,dc=uni' }, 'ATLAS_LDAP_BIND_PASSWORD'],
    [{ ...LDAP, ATLAS_LDAP_GROUP_MAP: '{"cn=lab": "not a group"}' }, 'ATLAS_LDAP_GROUP_MAP'],
    [{ ...LDAP, ATLAS_LDAP_CA_FILE: '/nonexistent/ca.pem' }, 'ATLAS_LDAP_CA_FILE'],
    [{ ATLAS_OIDC_ISSUER: 'https://sso.uni.example' }, 'ATLAS_OIDC_CLIENT_ID'],
    [{ ATLAS_OIDC_ISSUER: 'http://sso.uni.example', ATLAS_OIDC_CLIENT_ID: 'p' }, 'ATLAS_OIDC_ISSUER'],
    [
      { ATLAS_OIDC_ISSUER: 'https://sso.uni.example', ATLAS_OIDC_CLIENT_ID: 'p', ATLAS_OIDC_GROUP_MAP: 'a=b c' },
      'ATLAS_OIDC_GROUP_MAP',
    ],
  ])('rejects %o naming %s', (overrides, variable) => {
    expect(() => loadConfig({ ...clean, ATLAS_DATA_DIR: tmp(), ...overrides })).toThrow(ConfigError);
    expect(() => loadConfig({ ...clean, ATLAS_DATA_DIR: tmp(), ...overrides })).toThrow(variable);
  });

  it('reads the OIDC group map as value=group|group pairs, each value split from its groups at its last =', () => {
    const oidc = loadConfig({
      ...clean,
      ATLAS_DATA_DIR: tmp(),
      ATLAS_OIDC_ISSUER: 'https://login.microsoftonline.com/tenant/v2.0',
      ATLAS_OIDC_CLIENT_ID: 'portal',
      ATLAS_OIDC_GROUP_MAP: ' lab-members = user|lab-b ; cn=admins,dc=uni=admin;lab-members=viewers',
    }).oidc;
    expect(oidc?.policy).toEqual({
      groupMap: { 'lab-members': ['user', 'lab-b', 'viewers'], 'cn=admins,dc=uni': ['admin'] },
      newAccounts: 'approve',
    });
  });

  // Limits, not timings: the server's modules load through tsx before the config is read, which took over 30 s
  // beside the browser specs on a loaded 2-core machine.
  it('stops the server at start with the variable named', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
      env: { ...process.env, PORT: 'eighty', ATLAS_DATA_DIR: tmp() },
      encoding: 'utf8',
      timeout: 110_000,
    });
    expect(run.status).toBe(78);
    expect(run.stderr).toContain('PORT');
  }, 120_000);
});

describe('.env.example', () => {
  const ROOT = path.resolve(import.meta.dirname, '../../..');
  const lines = fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8').split('\n');
  const VARIABLE = /^(# )?([A-Z][A-Z0-9_]*)=(.*)$/;
  const entries = lines.flatMap((line, at) => {
    const m = VARIABLE.exec(line);
    return m ? [{ at, unset: Boolean(m[1]), name: m[2]!, value: m[3]!.replace(/^"(.*)"$/, '$1') }] : [];
  });

  it('lists every variable config.ts reads, once, and no other', () => {
    expect(entries.map((e) => e.name).sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('shows each default: a value it sets parses as the default, one it leaves unset has none', () => {
    const defaults: Record<string, unknown> = ZEnv.parse({});
    const shown: Record<string, unknown> = ZEnv.parse(
      Object.fromEntries(entries.filter((e) => !e.unset).map((e) => [e.name, e.value])),
    );
    for (const { name, unset } of entries) {
      if (unset) expect(defaults[name], name).toBeUndefined();
      else expect(shown[name], name).toEqual(defaults[name]);
    }
  });

  it('says what each means, in a comment above it or its group', () => {
    for (const { at, name } of entries) {
      let above = at - 1;
      while (above >= 0 && VARIABLE.test(lines[above]!)) above--;
      expect(lines[above], name).toMatch(/^# \S/);
    }
  });
});
