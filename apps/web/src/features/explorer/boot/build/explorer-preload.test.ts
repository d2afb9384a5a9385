import { describe, expect, it } from 'vitest';
import { genesCalls, LOGIN_COOKIE_NAME } from '@atlas/contracts';
import { buildPath } from '../../../../api/client';
import { earlyDataAddress } from '../earlyRequests';
import { EARLY_REQUESTS, lazyScreenFiles, pagePreloads, preloadScript, type ChunkInfo } from './explorer-preload';

const chunk = (fileName: string, imports: string[], extra: Partial<ChunkInfo> = {}): ChunkInfo => ({
  fileName,
  name: fileName.replace(/^assets\//, '').replace(/\.js$/, ''),
  imports,
  facadeModuleId: null,
  ...extra,
});

describe('lazyScreenFiles', () => {
  const chunks = [
    chunk('assets/index.js', ['assets/react.js', 'assets/mui.js'], { facadeModuleId: '/app/src/main.tsx' }),
    // Another page of the same build (the lab build's floor.html) that loads deck.gl itself.
    chunk('assets/floor.js', ['assets/deck.js'], { facadeModuleId: '/app/src/bench-pages/floor.ts' }),
    chunk('assets/react.js', []),
    chunk('assets/mui.js', ['assets/react.js']),
    chunk('assets/AtlasXplore.js', ['assets/Explorer.js', 'assets/react.js'], {
      facadeModuleId: '/app/src/features/explorer/AtlasXplore.tsx',
    }),
    chunk('assets/Explorer.js', ['assets/deck.js', 'assets/mui.js']),
    chunk('assets/deck.js', []),
    chunk('assets/Catalogue.js', ['assets/mui.js'], { facadeModuleId: '/app/src/features/catalogue/Catalogue.tsx' }),
  ];

  it("lists the screen chunk and its imports, without what the page's entry already loads", () => {
    expect(lazyScreenFiles(chunks, /features[\\/]explorer[\\/]AtlasXplore\.tsx$/, 'assets/index.js')).toEqual([
      'assets/AtlasXplore.js',
      'assets/Explorer.js',
      'assets/deck.js',
    ]);
  });

  it('finds nothing for a screen that is not in the bundle', () => {
    expect(lazyScreenFiles(chunks, /NoSuchScreen\.tsx$/, 'assets/index.js')).toEqual([]);
  });
});

describe('pagePreloads', () => {
  const page = (firstFrameImports: string[]) => [
    chunk('assets/main.js', ['assets/entry.js'], { facadeModuleId: '/app/src/main.tsx' }),
    chunk('assets/entry.js', []),
    chunk('assets/start.js', ['assets/boot.js'], { facadeModuleId: '/app/src/app/start.tsx' }),
    chunk('assets/boot.js', ['assets/react.js', 'assets/mui.js', 'assets/boot-first.js', 'assets/entry.js']),
    chunk('assets/boot-first.js', []),
    chunk('assets/react.js', []),
    chunk('assets/mui.js', ['assets/react.js']),
    chunk('assets/draw.js', firstFrameImports, {
      facadeModuleId: '/app/src/features/explorer/boot/draw.ts',
    }),
    chunk('assets/first-frame.js', ['assets/first-frame-floor.js', 'assets/entry.js']),
    chunk('assets/first-frame-floor.js', []),
    chunk('assets/AtlasXplore.js', ['assets/explorer.js', 'assets/boot.js'], {
      facadeModuleId: '/app/src/features/explorer/AtlasXplore.tsx',
    }),
    chunk('assets/explorer.js', ['assets/first-frame.js', 'assets/mui.js']),
    chunk('assets/chrome.js', ['assets/mui-late.js', 'assets/explorer.js'], {
      facadeModuleId: '/app/src/features/explorer/boot/chrome.ts',
    }),
    chunk('assets/mui-late.js', ['assets/mui.js']),
  ];

  it("preloads the app everywhere, and on an explorer address the first frame's files before the explorer's", () => {
    const { app, explorer } = pagePreloads(page(['assets/first-frame.js', 'assets/boot-first.js']), 'assets/main.js');
    expect(app).toEqual([
      'assets/boot-first.js',
      'assets/boot.js',
      'assets/mui.js',
      'assets/react.js',
      'assets/start.js',
    ]);
    expect(explorer).toEqual([
      'assets/boot-first.js',
      'assets/draw.js',
      'assets/first-frame-floor.js',
      'assets/first-frame.js',
      'assets/AtlasXplore.js',
      'assets/explorer.js',
      'assets/chrome.js',
      'assets/mui-late.js',
    ]);
  });

  it('fails the build when the first frame would load React, MUI or the app', () => {
    expect(() => pagePreloads(page(['assets/first-frame.js', 'assets/boot.js']), 'assets/main.js')).toThrow(
      /must load before React and MUI, but it imports boot, mui, react/,
    );
  });
});

describe('preloadScript', () => {
  const script = preloadScript(['assets/a.js'], '/');
  /** Runs the inline script against a fake page; returns the links it added, the fetches and the early map. */
  const run = (search: string, cookie = '') => {
    const head: { rel: string; href: string }[] = [];
    const fetched: { url: string; headers: Record<string, string> }[] = [];
    const win: { __atlasEarly?: Record<string, unknown> } = {};
    new Function('location', 'document', 'window', 'fetch', script)(
      { search },
      { cookie, createElement: () => ({}), head: { appendChild: (l: { rel: string; href: string }) => head.push(l) } },
      win,
      (url: string, init: { headers: Record<string, string> }) => {
        fetched.push({ url, headers: init.headers });
        return `response of ${url}`;
      },
    );
    return { head, fetched, early: win.__atlasEarly };
  };
  const cookie = `theme=dark; ${LOGIN_COOKIE_NAME}=${encodeURIComponent(JSON.stringify({ url: 'x', token: 'tok' }))}`;

  it('does nothing outside the explorer', () => {
    expect(run('?component=AdminPanel', cookie)).toEqual({ head: [], fetched: [], early: undefined });
    expect(run('?component=AtlasXploreX&run_id=D00001', cookie).head).toEqual([]);
  });

  it('preloads the explorer files, and without a saved session requests no data', () => {
    const page = run('?component=AtlasXplore&run_id=D00001');
    expect(page.head).toEqual([{ rel: 'modulepreload', href: '/assets/a.js' }]);
    expect(page.fetched).toEqual([]);
  });

  it('with a saved session, requests the run data at the addresses the API client builds', () => {
    const page = run('?component=AtlasXplore&run_id=D00001&kind=motifs', cookie);
    const data = buildPath(genesCalls.dataRows.path, {}, { run_id: 'D00001' });
    const names = buildPath(genesCalls.featureNames.path, {}, { run_id: 'D00001', kind: 'motifs' });
    expect(page.fetched.map((f) => f.url)).toEqual([data, names]);
    expect(page.fetched[0]!.headers.authorization).toBe('JWT tok');
    expect(page.fetched.map((f) => f.headers.accept)).toEqual(['application/octet-stream', 'application/json']);
    expect(page.early).toEqual({ [data]: `response of ${data}`, [names]: `response of ${names}` });
  });

  it('ignores a malformed run id, kind or cookie', () => {
    expect(run('?component=AtlasXplore&run_id=../x', cookie).fetched).toEqual([]);
    expect(run('?component=AtlasXplore&run_id=D00001&kind=x', cookie).fetched).toEqual([]);
    expect(run('?component=AtlasXplore&run_id=D00001', `${LOGIN_COOKIE_NAME}=%7Bnot-json`).fetched).toEqual([]);
  });

  it('names the addresses of the shared contracts', () => {
    expect(EARLY_REQUESTS).toEqual({
      cookie: LOGIN_COOKIE_NAME,
      dataPath: genesCalls.dataRows.path,
      namesPath: genesCalls.featureNames.path,
    });
    // The first frame finds the table's request under the address the API client builds.
    expect(earlyDataAddress('D00001')).toBe(buildPath(genesCalls.dataRows.path, {}, { run_id: 'D00001' }));
  });
});
