import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The newcomer's pages name files to open: each named path must exist, so that a move or a rename that forgets
 * the page fails here instead of sending a reader nowhere. Placeholders (`<domain>`, `x.spec.ts`) are skipped.
 */
const root = path.resolve(import.meta.dirname, '..');
const PAGES = ['CONTRIBUTING.md', 'docs/VIEW-STATE.md'];
const PATH = /`((?:apps|packages|e2e|bench|scripts|docs)\/[^`\s<>*]+?)`/g;

describe('paths named by the contributor pages', () => {
  for (const page of PAGES) {
    it(`exist: ${page}`, () => {
      const text = fs.readFileSync(path.join(root, page), 'utf8');
      const named = [...text.matchAll(PATH)].map((m) => m[1]).filter((p) => !/\/x\.|\/path\/to\//.test(p));
      expect(named.length).toBeGreaterThan(5);
      expect(named.filter((p) => !fs.existsSync(path.join(root, p)))).toEqual([]);
    });
  }
});
