import type { Plugin } from 'vite';

/** What the build knows about one output chunk (the subset of Rolldown's OutputChunk this plugin reads). */
export interface ChunkInfo {
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
}

/**
 * The files a lazy screen needs beyond what the page's entry already loads: the screen's chunk and its static
 * imports, transitively, minus the entry's own closure (those are fetched by the entry's script tag anyway). Only
 * the page's own entry counts: another page of the build (the lab build's floor.html also loads deck.gl) does not
 * put its chunks in this page's cache.
 */
export function lazyScreenFiles(chunks: readonly ChunkInfo[], screenModule: RegExp, pageEntry: string): string[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: string[]): Set<string> => {
    const seen = new Set<string>();
    const stack = [...start];
    while (stack.length) {
      const name = stack.pop()!;
      if (seen.has(name)) continue;
      seen.add(name);
      stack.push(...(byName.get(name)?.imports ?? []));
    }
    return seen;
  };
  const screen = chunks.find((c) => c.facadeModuleId !== null && screenModule.test(c.facadeModuleId));
  if (!screen) return [];
  const entry = closure([pageEntry]);
  return [...closure([screen.fileName])].filter((f) => !entry.has(f)).sort();
}

/** What the inline script requests before the app runs: the login cookie's name and the two run-data paths. */
export interface EarlyRequests {
  cookie: string;
  dataPath: string;
  namesPath: string;
}

/** The addresses used by the web app's own contracts (the test checks they agree with @atlas/contracts). */
export const EARLY_REQUESTS: EarlyRequests = {
  cookie: 'atxLogin',
  dataPath: '/api/v1/genes/data',
  namesPath: '/api/v1/genes/feature_names',
};

/**
 * The inline script: on an explorer address, ask for the explorer's files while the entry is still loading, and,
 * with a saved session, start the run's two data requests (the tixel table in its binary form, as
 * data/runData.ts asks for it). Their responses wait in `window.__atlasEarly` under
 * the exact address the API client builds, which takes each one once (apps/web/src/api/client.ts).
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
 * browser learns about the explorer's chunks (deck.gl is most of them) only after the entry has run; with this
 * inline script it fetches them in parallel with the entry. Other addresses load nothing extra.
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
          o.type === 'chunk' ? [{ fileName: o.fileName, facadeModuleId: o.facadeModuleId, imports: o.imports }] : [],
        );
        const files = lazyScreenFiles(chunks, /features[\\/]explorer[\\/]AtlasXplore\.tsx$/, ctx.chunk.fileName);
        if (files.length === 0) throw new Error('explorer-preload: the AtlasXplore chunk was not found in the bundle');
        // Then the explorer's bars and tools (features/explorer/chrome.ts): fetched now, run after the plots' first frame.
        const chrome = lazyScreenFiles(chunks, /features[\\/]explorer[\\/]chrome\.ts$/, ctx.chunk.fileName);
        files.push(...chrome.filter((file) => !files.includes(file)));
        return [{ tag: 'script', children: preloadScript(files, base), injectTo: 'head' }];
      },
    },
  };
}
