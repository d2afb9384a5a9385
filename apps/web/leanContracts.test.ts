import fs from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { leanContractSource } from './leanContracts';

const CONTRACTS = path.resolve(import.meta.dirname, '../../packages/contracts/src');
const sources = fs
  .readdirSync(CONTRACTS, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !/\.test(\.fixtures)?\.ts$/.test(file))
  .map((file) => path.join(CONTRACTS, file));

describe('leanContracts (the web build of @atlas/contracts)', () => {
  it('drops the schema fields of defineCall and marks top-level calls pure, outside functions', () => {
    const code = [
      "import { z } from 'zod';",
      'const ZRow = z.object({ id: z.number() }).extend({ name: z.string() });',
      'export const read = defineCall({',
      "  method: 'GET',",
      "  path: '/api/v1/rows',",
      '  query: ZRow.pick({ id: true }),',
      '  response: z.array(ZRow),',
      "  summary: 'Rows.',",
      '});',
      'export const label = (id: number) => String(id).trim();',
    ].join('\n');
    const lean = leanContractSource(code, 'calls.ts')!;
    expect(lean).not.toMatch(/query:|response:/);
    expect(lean).toContain("path: '/api/v1/rows',\n  summary: 'Rows.',");
    expect(lean).toContain('const ZRow = /* @__PURE__ */ z.object({ id: /* @__PURE__ */ z.number() }).extend(');
    expect(lean).toContain('export const read = /* @__PURE__ */ defineCall({');
    // A call inside a function runs when the function is called: it keeps its effects.
    expect(lean).toContain('(id: number) => String(id).trim()');
    expect(parseSync('calls.ts', lean, { lang: 'ts' }).errors).toEqual([]);
  });

  it('leaves a module without top-level calls alone', () => {
    expect(leanContractSource("export const A = 'a';\nexport function f() { return g(); }", 'x.ts')).toBeNull();
  });

  // The pure marks are only true while the contracts' top level builds values and does nothing else.
  it('every contracts module holds only imports, declarations and exports at its top level', () => {
    expect(sources.length).toBeGreaterThan(20);
    for (const file of sources) {
      const { program, errors } = parseSync(file, fs.readFileSync(file, 'utf8'), { lang: 'ts' });
      expect(errors, file).toEqual([]);
      const statements = program.body.map((s) => s.type);
      expect(
        statements.filter((type) => !/^(Import|Export\w+|VariableDeclaration|Function|TS\w+)/.test(type)),
        file,
      ).toEqual([]);
    }
  });

  it('every contracts module still parses once made lean, and no defineCall keeps a schema', () => {
    for (const file of sources) {
      const lean = leanContractSource(fs.readFileSync(file, 'utf8'), file);
      if (lean === null) continue;
      expect(parseSync(file, lean, { lang: 'ts' }).errors, file).toEqual([]);
      expect(lean, file).not.toMatch(/defineCall\(\{[^}]*\b(params|query|body|response):/);
    }
  });
});
