import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` ends without a warning nobody explained: npm (11.x) warns about every dependency's install script that
 * the root package.json's `allowScripts` neither allows nor denies. Each one in the lockfile is decided there.
 */
describe('install scripts', () => {
  const root = path.resolve(import.meta.dirname, '..');
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const { allowScripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

  it('are each allowed or denied in package.json', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript && !entry.link)
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    for (const name of withScripts) expect(typeof allowScripts[name], name).toBe('boolean');
  });
});
