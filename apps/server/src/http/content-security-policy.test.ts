import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.js';
import { appPolicy, inlineScriptHashes } from './content-security-policy.js';

const PRELOAD = "if(location.search){console.log('preload')}";
const HTML = `<!doctype html><html><head><script>${PRELOAD}</script>
<script type="module" crossorigin src="/assets/index-x.js"></script></head><body><div id="root"></div></body></html>`;
const sha = (text: string) => createHash('sha256').update(text).digest('base64');

describe('the web page’s Content-Security-Policy', () => {
  it('allows the inline scripts by hash, never scripts with a src attribute', () => {
    expect(inlineScriptHashes(HTML)).toEqual([sha(PRELOAD)]);
  });

  it('names the S3 endpoint (or AWS) for signed storage URLs, and the public URL', () => {
    const s3 = { endpoint: 'http://minio.lab:9000/', region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 'b' };
    const policy = appPolicy(HTML, { s3: { ...s3, forcePathStyle: true }, publicUrl: 'https://atlas.lab.org/x' });
    expect(policy).toContain(`script-src 'self' 'sha256-${sha(PRELOAD)}';`);
    expect(policy).toContain("connect-src 'self' https://atlas.lab.org http://minio.lab:9000;");
    expect(
      appPolicy(HTML, { s3: { ...s3, endpoint: undefined, forcePathStyle: false }, publicUrl: undefined }),
    ).toContain("connect-src 'self' https://*.amazonaws.com;");
    expect(appPolicy(HTML, { s3: undefined, publicUrl: undefined })).toContain("connect-src 'self';");
  });
});

describe('served with the page', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-dist-'));
  beforeAll(() => {
    fs.writeFileSync(path.join(dist, 'index.html'), HTML);
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets/index-x.js'), 'export {};');
  });
  // Registered before the server's, so it runs after the server has closed.
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
  const t = useTestApp({ env: { ATLAS_WEB_DIST: dist } });

  it('on every address the app answers, with the other security headers', async () => {
    for (const url of ['/', '/?component=AtlasXplore&run_id=D00001', '/public?encoded=x', '/login']) {
      const reply = await t.app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(200);
      const policy = String(reply.headers['content-security-policy']);
      expect(policy).toContain(`'sha256-${sha(PRELOAD)}'`);
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(reply.headers['x-frame-options']).toBe('DENY');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
    }
    // API answers keep the plain frame-ancestors policy.
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/app' });
    expect(api.headers['content-security-policy']).toBe("frame-ancestors 'none'");
  });

  it('serves the build’s hashed files for a year, and answers one it does not have with 404, not the page', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-x.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toContain('immutable');
    // A tab opened before a rebuild asks for a chunk of the earlier build.
    const gone = await t.app.inject({ method: 'GET', url: '/assets/AtlasAnalytics-old.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['cache-control']).toBe('no-store');
    expect(gone.body).not.toContain('<div id="root">');
    // Any other address is the app's page.
    expect((await t.app.inject({ method: 'GET', url: '/visualization/lab' })).body).toContain('<div id="root">');
  });

  it('follows a build made while the server runs: the new inline script is the one allowed', async () => {
    const rebuilt = PRELOAD.replace('preload', 'rebuilt');
    const file = path.join(dist, 'index.html');
    fs.writeFileSync(file, HTML.replace(PRELOAD, rebuilt));
    // A later modification time, as a new build has (some file systems keep whole seconds).
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(file, later, later);
    const policy = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(policy).toContain(`'sha256-${sha(rebuilt)}'`);
    expect(policy).not.toContain(`'sha256-${sha(PRELOAD)}'`);
  });
});
