import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { webBuildNeeded } from './web-build.mjs';

/** `npm start` says why it builds the web app before a build it does, and builds nothing when the build is fresh. */
describe('webBuildNeeded', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-web-build-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = (file, time) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), '');
    fs.utimesSync(path.join(root, file), time, time);
  };

  it('says the first start builds once, then nothing until a source changes, then that it rebuilds', () => {
    write('apps/web/src/main.tsx', 1000);
    expect(webBuildNeeded(root)).toMatch(/^Building the web app into apps\/web\/dist: the first start does this once/);
    write('apps/web/dist/index.html', 2000);
    expect(webBuildNeeded(root)).toBeNull();
    write('packages/viz/src/plot.ts', 3000);
    expect(webBuildNeeded(root)).toMatch(/^Rebuilding the web app \(apps\/web\/dist\): its sources changed/);
  });
});
