import { describe, expect, it } from 'vitest';
import { createChunkNamer, type ModuleGraph } from './chunks';

const graph = (importers: Record<string, string[]>): ModuleGraph => ({
  getModuleInfo: (id) => (id in importers ? { importers: importers[id]! } : null),
});

const MAIN = '/app/src/main.tsx';
const BOOT = '/app/src/features/explorer/boot/index.ts';
const HANDOFF = '/app/src/features/explorer/boot/handoff.ts';
const START = '/app/src/app/start.tsx';
const SHELL = '/app/src/app/Shell.tsx';
const BRAND = '/app/src/app/brand.ts';
const DRAW = '/app/src/features/explorer/boot/draw.ts';
const LAYERS = '/app/packages/viz/src/first-frame.ts';
const SCREEN = '/app/src/features/explorer/AtlasXplore.tsx';
const PLOTS = '/app/src/features/explorer/PlotArea.tsx';
const CHROME = '/app/src/features/explorer/boot/chrome.ts';
const TABLES = '/app/src/features/admin/Tables.tsx';
const FLOOR = '/app/src/bench-pages/floor.ts';
const PEER = '/app/src/bench-pages/peer.ts';
const DECK = '/nm/node_modules/@deck.gl/core/index.js';
const TIXEL_TABLE = '/app/packages/spatial/tixel-table.ts';
const SESSION = '/app/src/app/session.tsx';

const modules = graph({
  [MAIN]: [],
  [BOOT]: [MAIN],
  [HANDOFF]: [SHELL, PLOTS, DRAW],
  [START]: [],
  [SHELL]: [START],
  [BRAND]: [SHELL, DRAW],
  [DRAW]: [],
  [LAYERS]: [DRAW, PLOTS],
  [SESSION]: [SHELL, SCREEN],
  [SCREEN]: [],
  [PLOTS]: [SCREEN],
  [CHROME]: [],
  [TABLES]: [],
  [FLOOR]: [],
  [PEER]: [],
  [DECK]: [LAYERS, FLOOR],
  [TIXEL_TABLE]: [DRAW, PLOTS, FLOOR, PEER],
  '/nm/node_modules/@mui/material/AppBar/AppBar.js': [SHELL],
  '/nm/node_modules/@mui/material/Alert/Alert.js': [PLOTS],
  '/nm/node_modules/@mui/material/Paper/Paper.js': [
    '/nm/node_modules/@mui/material/AppBar/AppBar.js',
    '/nm/node_modules/@mui/material/Table/Table.js',
  ],
  '/nm/node_modules/@mui/material/Table/Table.js': [TABLES],
  '/nm/node_modules/@mui/material/Slider/Slider.js': [CHROME, TABLES],
  '/nm/node_modules/@emotion/react/index.js': ['/nm/node_modules/@mui/material/Slider/Slider.js'],
});

describe('createChunkNamer().mui', () => {
  it('puts what the app or the explorer screen reaches by static imports in the first chunk, the rest in the late one', () => {
    const chunks = createChunkNamer();
    const name = (id: string) => chunks.mui(`/nm/node_modules/${id}`, modules);
    expect(name('@mui/material/AppBar/AppBar.js')).toBe('mui');
    expect(name('@mui/material/Alert/Alert.js')).toBe('mui');
    // Shared by a startup module and a late one: needed at startup.
    expect(name('@mui/material/Paper/Paper.js')).toBe('mui');
    expect(name('@mui/material/Table/Table.js')).toBe('mui-late');
    expect(name('@mui/material/Slider/Slider.js')).toBe('mui-late');
    expect(name('@emotion/react/index.js')).toBe('mui-late');
    // Answers do not depend on the order modules are asked in (the cache of an earlier walk is consistent).
    const fresh = createChunkNamer();
    expect(fresh.mui('/nm/node_modules/@emotion/react/index.js', modules)).toBe('mui-late');
    expect(fresh.mui('/nm/node_modules/@mui/material/Paper/Paper.js', modules)).toBe('mui');
  });

  it('leaves every other module to the other groups', () => {
    expect(createChunkNamer().mui(SHELL, modules)).toBeNull();
  });
});

describe('createChunkNamer().app', () => {
  it("puts the app's static closure in boot and what the explorer screen adds in explorer", () => {
    const chunks = createChunkNamer();
    expect(chunks.app(START, modules)).toBe('boot');
    expect(chunks.app(SHELL, modules)).toBe('boot');
    // Reached from both: the app loads it, so the explorer's chunk imports it from boot.
    expect(chunks.app(SESSION, modules)).toBe('boot');
    expect(chunks.app(PLOTS, modules)).toBe('explorer');
    expect(chunks.app(SCREEN, modules)).toBe('explorer');
  });

  it("puts a run's first frame in a chunk of its own that needs none of the app's", () => {
    const chunks = createChunkNamer();
    expect(chunks.app(DRAW, modules)).toBe('first-frame');
    // Shared with the explorer's plots: the explorer's chunk imports it from the first frame's.
    expect(chunks.app(LAYERS, modules)).toBe('first-frame');
    // Shared with the app: a chunk of their own, which the first frame loads without the app's.
    expect(chunks.app(BRAND, modules)).toBe('boot-first');
    // The hand-off, which the app and the explorer read too, also.
    expect(chunks.app(HANDOFF, modules)).toBe('boot-first');
    // What the entry imports (the boot's loader) loads with the entry.
    expect(chunks.app(BOOT, modules)).toBe('entry');
  });

  it('keeps the entry alone and leaves lazily loaded modules to the bundler', () => {
    // The entry waits for the first frame's and the app's chunks, which must not import the entry's own chunk.
    const chunks = createChunkNamer();
    expect(chunks.app(MAIN, modules)).toBeNull();
    expect(chunks.app(CHROME, modules)).toBeNull();
    expect(chunks.app(TABLES, modules)).toBeNull();
  });

  it("gives the bench pages' share of a chunk a name of its own, so a bench page never loads the app", () => {
    const chunks = createChunkNamer();
    expect(chunks.app(DECK, modules)).toBe('first-frame-floor');
    expect(chunks.app(TIXEL_TABLE, modules)).toBe('first-frame-floor-peer');
    expect(chunks.app(FLOOR, modules)).toBeNull();
    expect(chunks.app(PEER, modules)).toBeNull();
  });
});
