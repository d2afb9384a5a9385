import type { Plugin } from 'vite';
import { EARLY_REQUESTS, type EarlyRequests } from '../earlyRequests.ts';

export { EARLY_REQUESTS };

/** What the build knows about one output chunk (the subset of Rolldown's OutputChunk this plugin reads). */
export interface ChunkInfo {
  fileName: string;
  /** The chunk's name before its hash (chunks.ts names the app's). */
  name: string;
  facadeModuleId: string | null;
  imports: string[];
}

/** A chunk and its static imports, transitively. */
function closure(chunks: readonly ChunkInfo[], start: readonly string[]): Set<string> {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length) {
    const name = stack.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    stack.push(...(byName.get(name)?.imports ?? []));
  }
  return seen;
}

const chunkOf = (chunks: readonly ChunkInfo[], module: RegExp) =>
  chunks.find((c) => c.facadeModuleId !== null && module.test(c.facadeModuleId));

/**
 * The files a lazily loaded module needs beyond what the page's entry already loads (and beyond `loaded`): its chunk
 * and their static imports, transitively, minus the entry's own closure (those are fetched by the entry's script
 * tag anyway). Only the page's own entry counts: another page of the build (the lab build's floor.html also loads
 * deck.gl) does not put its chunks in this page's cache.
 */
export function lazyScreenFiles(
  chunks: readonly ChunkInfo[],
  screenModule: RegExp,
  pageEntry: string,
  loaded: ReadonlySet<string> = new Set(),
): string[] {
  const screen = chunkOf(chunks, screenModule);
  if (!screen) return [];
  const entry = closure(chunks, [pageEntry]);
  return [...closure(chunks, [screen.fileName])].filter((f) => !entry.has(f) && !loaded.has(f)).sort();
}

const APP_START = /src[\\/]app[\\/]start\.tsx$/;
const FIRST_FRAME = /features[\\/]explorer[\\/]boot[\\/]draw\.ts$/;
const EXPLORER = /features[\\/]explorer[\\/]AtlasXplore\.tsx$/;
const EXPLORER_CHROME = /features[\\/]explorer[\\/]boot[\\/]chrome\.ts$/;
/** The chunks a first frame may load: nothing of React, MUI, the query cache, zod, the contracts or the app. */
const FIRST_FRAME_CHUNKS = /^(entry|first-frame|boot-first|draw|rolldown-runtime)(-|$)/;

export interface PagePreloads {
  /** The app's files, on every page: the entry imports them once it starts the app. */
  app: string[];
  /** On an explorer address, in this order: the first frame's files, then the explorer's, then its chrome's. */
  explorer: string[];
}

/** What the page preloads, from the build's chunks and the page's entry chunk. */
export function pagePreloads(chunks: readonly ChunkInfo[], pageEntry: string): PagePreloads {
  const app = lazyScreenFiles(chunks, APP_START, pageEntry);
  const firstFrame = lazyScreenFiles(chunks, FIRST_FRAME, pageEntry);
  if (app.length === 0 || firstFrame.length === 0)
    throw new Error('explorer-preload: the app start or the first frame chunk was not found in the bundle');
  const heavy = firstFrame
    .map((f) => chunks.find((c) => c.fileName === f)!)
    .filter((c) => !FIRST_FRAME_CHUNKS.test(c.name));
  if (heavy.length)
    throw new Error(
      `explorer-preload: the first frame (boot/draw.ts) must load before React and MUI, but it imports ` +
        `${heavy.map((c) => c.name).join(', ')}`,
    );
  const loaded = new Set([...app, ...firstFrame]);
  const explorer = lazyScreenFiles(chunks, EXPLORER, pageEntry, loaded);
  if (explorer.length === 0) throw new Error('explorer-preload: the AtlasXplore chunk was not found in the bundle');
  const chrome = lazyScreenFiles(chunks, EXPLORER_CHROME, pageEntry, new Set([...loaded, ...explorer]));
  return { app, explorer: [...firstFrame, ...explorer, ...chrome] };
}

/**
 * The inline script: on an explorer address, ask for the first frame's and the explorer's files while the entry is
 * still loading, and, with a saved session, start the run's two data requests (the tixel table in its binary form, as
 * ../../data/runData.ts asks for it). Their responses wait in `window.__atlasEarly` under the exact address the API client
 * builds, which takes each one once (src/api/client.ts); the first frame takes the table
 * (../draw.ts), and the entry draws one only when this map is there.
 */
export function preloadScript(files: readonly string[], base: string, early: EarlyRequests = EARLY_REQUESTS): string {
  const hrefs = JSON.stringify(files.map((f) => `${base}${f}`));
  return `if(/[?&]component=AtlasXplore(&|$)/.test(location.search)){
for(const h of ${hrefs}){const l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l);}
try{const q=new URLSearchParams(location.search),run=q.get('run_id'),kind=q.get('kind')||'genes';
const m=document.cookie.match(/(?:^|;\\s*)${early.cookie}=([^;]*)/);
if(run&&/^D\\d{5,}$/.test(run)&&/^(genes|motifs|eRegulons)$/.test(kind)&&m){
const a='JWT '+JSON.parse(decodeURIComponent(m[1])).token;
const get=(u,t)=>[u,fetch(u,{headers:{accept:t,authorization:a}})];
window.__atlasEarly=Object.fromEntries([get(${JSON.stringify(early.dataPath)}+'?run_id='+run,'application/octet-stream'),get(${JSON.stringify(early.namesPath)}+'?run_id='+run+'&kind='+kind,'application/json')]);}}catch(e){}}`;
}

/**
 * Opening `/?component=AtlasXplore&run_id=…` must draw the plots in under a second (DESIGN §9). Without help the
 * browser learns about the first frame's and the explorer's chunks (deck.gl is most of them) only after the entry
 * has run; with this inline script it fetches them in parallel with the entry. Other addresses load nothing extra.
 * The app's own chunks are preloaded on every page: the entry imports them dynamically (src/main.tsx), so the
 * build would not list them.
 */
export function explorerPreload(): Plugin {
  let base = '/';
  return {
    name: 'atlas-explorer-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        // Only the app's page: the lab build's bench pages (vite.config.ts) stay bare.
        if (!ctx.bundle || !ctx.chunk || !ctx.path.endsWith('/index.html')) return [];
        const chunks = Object.values(ctx.bundle).flatMap((o) =>
          o.type === 'chunk'
            ? [{ fileName: o.fileName, name: o.name, facadeModuleId: o.facadeModuleId, imports: o.imports }]
            : [],
        );
        const { app, explorer } = pagePreloads(chunks, ctx.chunk.fileName);
        return [
          // First in the head: its requests go out before the app's.
          { tag: 'script', children: preloadScript(explorer, base), injectTo: 'head-prepend' },
          ...app.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}
