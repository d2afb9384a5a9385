/**
 * Import boundaries (issue "Code shape"), checked by `npm run boundaries` inside `npm test`:
 * packages never import apps; the browser entry of packages/spatial pulls in nothing node-only; no import cycles;
 * the server's infra imports nothing above it; a server domain is reached from outside only through its public
 * index.ts; and the web app's app/ reaches its features only through app/registry.ts. scripts/boundaries.mjs runs
 * these rules and, on the same cruise, finds circles between server folders (which no cycle between modules need show).
 */
/** Node's own modules, as the resolver names them (with or without the `node:` prefix). */
const NODE_CORE =
  '^(node:.+|assert|buffer|child_process|crypto|events|fs|fs/promises|http|https|net|os|path|stream|stream/promises|timers|timers/promises|url|util|worker_threads|zlib)$';
const TESTS = '(\\.test\\.tsx?$|/test-support\\.ts$|^apps/server/test/)';

module.exports = {
  forbidden: [
    {
      name: 'packages-never-import-apps',
      comment: 'Dependencies point one way (DESIGN §2): apps/* → packages/*.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'spatial-browser-entries-are-browser-safe',
      comment:
        'The web app and packages/viz import these entries of @atlas/spatial: celltype/marker-csv, tixel-table, ' +
        'palette, and the file formats (formats/, CSV, positions, CRC-32). Nothing they reach may need Node.',
      severity: 'error',
      from: {
        path: '^packages/spatial/src/(celltype/marker-csv|webfiles/tixel-table|render/palette)\\.ts$|^packages/spatial/src/formats/',
        pathNot: TESTS,
      },
      to: { path: NODE_CORE, reachable: true },
    },
    {
      name: 'web-and-viz-are-browser-safe',
      severity: 'error',
      from: { path: '^(apps/web/src|packages/viz/src)/', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-cycles',
      comment: 'No import cycles between server domains, web features, or anywhere else in the product code.',
      severity: 'error',
      from: { path: '^(apps|packages)/', pathNot: TESTS },
      // Type-only imports vanish at build time; a cycle through them alone is not one.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'infra-never-imports-tasks-or-domains',
      comment:
        'infra is the bottom layer of the server (DESIGN §2): ports and their drivers, which may read the config and ' +
        'nothing above them. The tasks, domains, HTTP layer and app use infra; what the queue runs is handed to ' +
        'createInfra by whoever composes the process (main.ts, the import CLI, the test harness).',
      severity: 'error',
      from: { path: '^apps/server/src/infra/', pathNot: TESTS },
      to: { path: '^apps/server/src/', pathNot: '^apps/server/src/(infra/|config\\.ts$|version\\.ts$)' },
    },
    {
      name: 'domains-through-index',
      comment: 'A domain reaches another only through its public index.ts.',
      severity: 'error',
      from: { path: '^apps/server/src/domains/([^/]+)/', pathNot: TESTS },
      to: { path: '^apps/server/src/domains/[^/]+/', pathNot: ['^apps/server/src/domains/$1/', '/index\\.ts$'] },
    },
    {
      name: 'outside-code-through-index',
      comment:
        'The app, tasks, seed and CLI reach a domain only through its public index.ts. One second entry: ' +
        'domains/imports/check.ts, the input check without the server, which the import CLI loads first so a bad ' +
        'input fails before the database and storage modules load (issue 18).',
      severity: 'error',
      from: { path: '^apps/server/src/(?!domains/)', pathNot: TESTS },
      to: {
        path: '^apps/server/src/domains/[^/]+/',
        pathNot: ['/index\\.ts$', '^apps/server/src/domains/imports/check\\.ts$'],
      },
    },
    {
      name: 'web-features-through-index',
      comment:
        'A web feature reaches the explorer only through features/explorer/index.ts. One second entry: ' +
        "features/explorer/boot/index.ts, the explorer's cold open (the run's plots drawn before the app), which the " +
        "page's entry loads before React (issue 17).",
      severity: 'error',
      from: { path: '^apps/web/src/(?!features/explorer/)', pathNot: TESTS },
      to: {
        path: '^apps/web/src/features/explorer/',
        pathNot: ['^apps/web/src/features/explorer/index\\.ts$', '^apps/web/src/features/explorer/boot/index\\.ts$'],
      },
    },
    {
      name: 'app-features-through-registry',
      comment:
        'The app (router, shell, start) reaches the features only through app/registry.ts, which lists their screens, ' +
        "dialogs and early starts: the shell knows no feature (issue 39). The page's entry, src/main.tsx, is outside " +
        "app/ and imports one feature module itself, features/explorer/boot/index.ts: the explorer's cold open, which " +
        'must load before React and the app (so not through the registry, which loads with them).',
      severity: 'error',
      from: { path: '^apps/web/src/app/', pathNot: [TESTS, '^apps/web/src/app/registry\\.ts$'] },
      to: { path: '^apps/web/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|dist-lab|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};
