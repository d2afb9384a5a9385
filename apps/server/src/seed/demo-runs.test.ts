import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_RUNS } from './demo-runs.js';

/** The README tells a newcomer what the demo shows: its counts are the seed's. */
describe('the demo runs as the README counts them', () => {
  it('says how many there are, how many a visitor sees, and whose the others are', () => {
    const readme = fs
      .readFileSync(path.resolve(import.meta.dirname, '../../../../README.md'), 'utf8')
      .replace(/\s+/g, ' ');
    const visible = DEMO_RUNS.filter((r) => r.public).length;
    const hidden = DEMO_RUNS.filter((r) => !r.public);
    expect(readme).toContain(`${DEMO_RUNS.length} demo runs`);
    expect(readme).toContain(
      `sees the ${visible} public runs; the other ${hidden.length} are private to demo lab groups`,
    );
    for (const group of new Set(hidden.map((r) => r.group))) expect(readme).toContain(`\`${group}\``);
    expect(readme).toContain(`${DEMO_RUNS.length} generated runs, ${visible} public and ${hidden.length} private`);
  });
});
