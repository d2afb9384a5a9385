// `npm run boundaries`: the import rules of .dependency-cruiser.cjs, and no circle between server folders.
//
// dependency-cruiser finds cycles between modules; a circle between folders can exist without one (issue 39: the
// queue in infra/ imported the task list, whose modules import infra/ again, but never the queue's own files), and
// its folder-scoped rules count every parent folder, tests and type-only imports, so the server's root folder
// (config.ts, app.ts) would close a circle through everything. Here the server is cut into units (each top-level
// folder of apps/server/src, each domains/<name>, each root file) and the product's run-time imports between them
// must form no circle. One cruise serves both checks.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { format } from 'dependency-cruiser';

const root = path.resolve(import.meta.dirname, '..');
// The CLI directly rather than through npx (a second less); the package exports no path to its bin.
const depcruise = path.join(root, 'node_modules/.bin/depcruise');

/** The server's units: `infra`, `tasks`, `http`, `domains/runs`, `config.ts`… */
const SERVER_UNIT = /^apps\/server\/src\/(domains\/[^/]+|[^/]+)(\/|$)/;
/** Tests compose whatever they need; the rule is about the product (the same pattern as the config's TESTS). */
const TESTS = /(\.test\.tsx?$|\/test-support\.ts$|^apps\/server\/test\/)/;

const cruised = spawnSync(
  process.execPath,
  [depcruise, 'apps', 'packages', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
  { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] },
);
if (!cruised.stdout) process.exit(cruised.status ?? 1);
const result = JSON.parse(cruised.stdout);

const rules = await format(result, { outputType: 'err' });
process.stdout.write(rules.output);

const { units, circles } = serverUnitCircles(result.modules);
for (const circle of circles) {
  console.log(`  error no-server-folder-cycles: ${circle.units.join(' → ')} → ${circle.units[0]}`);
  for (const [from, to] of circle.imports) console.log(`      ${from} → ${to}`);
}
if (!circles.length) console.log(`✔ no circle between server folders (${units} units)\n`);
else {
  console.log(
    `x ${circles.length} circle(s) between server folders: invert one import (hand the lower folder what it ` +
      'needs, as createInfra is handed the tasks), or move the shared code down.',
  );
}
process.exit(rules.exitCode || circles.length ? 1 : 0);

/**
 * The number of server units that import or are imported, and the circles of the unit graph (its strongly
 * connected components of more than one unit, Tarjan's algorithm), each with one import per edge inside it, so
 * the report names the files to change.
 */
function serverUnitCircles(modules) {
  const unitOf = (file) => (TESTS.test(file) ? null : (SERVER_UNIT.exec(file)?.[1] ?? null));
  /** unit → unit it imports → one example import (from, to). */
  const edges = new Map();
  for (const module of modules) {
    const from = unitOf(module.source);
    if (!from) continue;
    for (const dependency of module.dependencies) {
      const to = unitOf(dependency.resolved);
      // A type-only import vanishes at build time, as in the config's no-cycles rule.
      if (!to || to === from || dependency.dependencyTypes.includes('type-only')) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, [module.source, dependency.resolved]);
    }
  }
  const order = new Map();
  const low = new Map();
  const stack = [];
  const components = [];
  const visit = (unit) => {
    order.set(unit, order.size);
    low.set(unit, order.get(unit));
    stack.push(unit);
    for (const next of edges.get(unit)?.keys() ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(unit, Math.min(low.get(unit), low.get(next)));
      } else if (stack.includes(next)) low.set(unit, Math.min(low.get(unit), order.get(next)));
    }
    if (low.get(unit) !== order.get(unit)) return;
    const component = stack.splice(stack.indexOf(unit));
    if (component.length > 1) components.push(component.sort());
  };
  for (const unit of edges.keys()) if (!order.has(unit)) visit(unit);
  const circles = components.map((units) => ({
    units,
    imports: units.flatMap((from) =>
      [...(edges.get(from) ?? new Map())].filter(([to]) => units.includes(to)).map(([, example]) => example),
    ),
  }));
  return { units: order.size, circles };
}
