import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { loadConfig } from './config.js';

/**
 * `npm start`'s first start as a service manager or a container sees it (JSON log lines, no terminal): the admin's
 * generated password comes after the start-up lines, as whole plain lines a reader (or grep) finds, and it signs in.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');

describe.skipIf(Boolean(loadConfig().databaseUrl))('the first start', () => {
  it('prints the generated admin password in a box after the start-up log lines', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-first-start-'));
    // The migrated template (test/global-setup.ts): this start creates the groups and the admin, as a first does.
    fs.cpSync(inject('pgliteTemplate'), path.join(dataDir, 'db'), { recursive: true });
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        ATLAS_DATA_DIR: dataDir,
        ATLAS_ADMIN_PASSWORD: '',
        ATLAS_JWT_SECRET: randomBytes(32).toString('hex'),
        ATLAS_LOG_FORMAT: 'auto',
        ATLAS_LOG_LEVEL: 'info',
        ATLAS_DEMO_DATA: 'false',
        DATABASE_URL: '',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (/\n\+-+\+\n\n/.test(out.slice(out.indexOf('| Password')))) resolve();
        });
        child.on('exit', (code) => reject(new Error(`the server exited (${code}) before the box:\n${out}`)));
      });
      const lines = out.split('\n');
      const json = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
      const ready = json.find((l) => String(l.msg).startsWith('Atlas Portal is ready'));
      const boxTop = lines.findIndex((l) => /^\+-+\+$/.test(l));
      // Every start-up line comes before the box: the ready line, the workers, and the one pointing at the box.
      const before = lines.slice(0, boxTop).join('\n');
      for (const msg of ['Atlas Portal is ready', 'task workers started', 'in the box below']) {
        expect(before).toContain(msg);
      }
      const box = lines.slice(boxTop, boxTop + 10);
      expect(box.every((l) => /^(\|.*\||\+-+\+)$/.test(l))).toBe(true);
      const password = /^\| Password {4}(\S+)/.exec(box.find((l) => l.startsWith('| Password'))!)![1]!;
      expect(box.join('\n')).toContain(`Sign in at  http://localhost:${ready!.port as number}`);
      const signIn = await fetch(`http://127.0.0.1:${ready!.port as number}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      });
      expect(signIn.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
