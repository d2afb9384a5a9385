import { describe, expect, it } from 'vitest';
import { muiChunkName, type ModuleGraph } from './muiChunks';

const graph = (importers: Record<string, string[]>): ModuleGraph => ({
  getModuleInfo: (id) => (id in importers ? { importers: importers[id]! } : null),
});

describe('muiChunkName', () => {
  const modules = graph({
    '/app/src/main.tsx': [],
    '/app/src/app/Shell.tsx': ['/app/src/main.tsx'],
    '/app/src/features/explorer/AtlasXplore.tsx': [],
    '/app/src/features/explorer/PlotArea.tsx': ['/app/src/features/explorer/AtlasXplore.tsx'],
    '/app/src/features/explorer/chrome.ts': [],
    '/app/src/features/admin/Tables.tsx': [],
    '/nm/node_modules/@mui/material/AppBar/AppBar.js': ['/app/src/app/Shell.tsx'],
    '/nm/node_modules/@mui/material/Alert/Alert.js': ['/app/src/features/explorer/PlotArea.tsx'],
    '/nm/node_modules/@mui/material/Paper/Paper.js': [
      '/nm/node_modules/@mui/material/AppBar/AppBar.js',
      '/nm/node_modules/@mui/material/Table/Table.js',
    ],
    '/nm/node_modules/@mui/material/Table/Table.js': ['/app/src/features/admin/Tables.tsx'],
    '/nm/node_modules/@mui/material/Slider/Slider.js': [
      '/app/src/features/explorer/chrome.ts',
      '/app/src/features/admin/Tables.tsx',
    ],
    '/nm/node_modules/@emotion/react/index.js': ['/nm/node_modules/@mui/material/Slider/Slider.js'],
  });

  it('puts what the entry or the explorer screen reaches by static imports in the first chunk, the rest in the late one', () => {
    const known = new Map<string, boolean>();
    const name = (id: string) => muiChunkName(`/nm/node_modules/${id}`, modules, known);
    expect(name('@mui/material/AppBar/AppBar.js')).toBe('mui');
    expect(name('@mui/material/Alert/Alert.js')).toBe('mui');
    // Shared by a startup module and a late one: needed at startup.
    expect(name('@mui/material/Paper/Paper.js')).toBe('mui');
    expect(name('@mui/material/Table/Table.js')).toBe('mui-late');
    expect(name('@mui/material/Slider/Slider.js')).toBe('mui-late');
    expect(name('@emotion/react/index.js')).toBe('mui-late');
    // Answers do not depend on the order modules are asked in (the cache of an earlier walk is consistent).
    const fresh = new Map<string, boolean>();
    expect(muiChunkName('/nm/node_modules/@emotion/react/index.js', modules, fresh)).toBe('mui-late');
    expect(muiChunkName('/nm/node_modules/@mui/material/Paper/Paper.js', modules, fresh)).toBe('mui');
  });

  it('leaves every other module to the other groups', () => {
    expect(muiChunkName('/app/src/app/Shell.tsx', modules)).toBeNull();
  });
});
