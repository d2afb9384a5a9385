import { parseSync, type Plugin } from 'vite';

/** The schema fields of a contract's `defineCall({...})` (packages/contracts/src/call.ts). */
const SCHEMA_FIELDS = new Set(['params', 'query', 'body', 'response']);
const CONTRACT_SOURCE = /packages[\\/]contracts[\\/]src[\\/][^]+\.ts$/;
const PURE = '/* @__PURE__ */ ';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

const children = (node: Node): Node[] =>
  Object.values(node).flatMap((value) => (Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : []));

/**
 * The web app calls the API from the contracts' method and path only: it never checks a request or an answer
 * against a call's zod schemas (the server does), and it parses a handful of schemas itself (its forms, the
 * explorer's address). Zod builds every schema object when its module loads — ~100 ms of main-thread time on a
 * 2-core machine before the page's first render, for schemas the page never uses. For the web build this plugin
 * (1) drops the schema fields of every `defineCall({...})`, as production React builds drop propTypes, and
 * (2) marks the calls in the contracts' top-level declarations pure, so that the bundler leaves out every schema
 * nothing uses any more. Types are untouched (they come from the sources); the server's contracts are the sources.
 */
export function leanContracts(): Plugin {
  return {
    name: 'atlas:lean-contracts',
    transform: {
      filter: { id: CONTRACT_SOURCE },
      handler(code, id) {
        const lean = leanContractSource(code, id);
        return lean === null ? null : { code: lean, map: null };
      },
    },
  };
}

/** A contracts module as the web build takes it; null when nothing changes. */
export function leanContractSource(code: string, filename: string): string | null {
  const { program, errors } = parseSync(filename, code, { lang: 'ts' });
  if (errors.length) return null;
  const root = program as unknown as Node;
  const edits = [...schemaFieldCuts(root, code), ...pureMarks(root)];
  return edits.length ? applyEdits(code, edits) : null;
}

/** An edit of the source: the range [start, end) replaced by `text`. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Removes the schema fields (with their trailing comma) of every `defineCall({...})` in a module. */
function schemaFieldCuts(program: Node, code: string): Edit[] {
  const edits: Edit[] = [];
  const visit = (node: Node): void => {
    const [argument] = (node.arguments as Node[] | undefined) ?? [];
    const callee = node.callee as Node | undefined;
    if (node.type === 'CallExpression' && callee?.name === 'defineCall' && argument?.type === 'ObjectExpression') {
      for (const property of argument.properties as Node[]) {
        const key = property.key as Node | undefined;
        if (property.type !== 'Property' || !SCHEMA_FIELDS.has(key?.name as string)) continue;
        // The whole line when the field has one: its indentation, the field, its comma and line end.
        const indent = /[ \t]*$/.exec(code.slice(0, property.start))![0].length;
        const comma = /^\s*,[ \t]*\n?/.exec(code.slice(property.end));
        edits.push({ start: property.start - indent, end: property.end + (comma?.[0].length ?? 0), text: '' });
      }
    }
    children(node).forEach(visit);
  };
  visit(program);
  return edits;
}

/**
 * A pure mark before every call in the module's top-level `const` initialisers, outside function bodies: in the
 * contracts these build schemas, calls and lookup tables and nothing else (leanContracts.test.ts holds that).
 */
function pureMarks(program: Node): Edit[] {
  const starts = new Set<number>();
  const visit = (node: Node): void => {
    if (/Function/.test(node.type)) return;
    if (node.type === 'CallExpression' || node.type === 'NewExpression') starts.add(node.start);
    children(node).forEach(visit);
  };
  for (const statement of program.body as Node[]) {
    const declaration = statement.type.startsWith('Export') ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) if (declarator.init) visit(declarator.init as Node);
  }
  return [...starts].map((start) => ({ start, end: start, text: PURE }));
}

function applyEdits(code: string, edits: readonly Edit[]): string {
  let out = '';
  let from = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start || a.end - b.end)) {
    // A mark inside a removed field goes with it.
    if (edit.start < from) continue;
    out += code.slice(from, edit.start) + edit.text;
    from = edit.end;
  }
  return out + code.slice(from);
}
