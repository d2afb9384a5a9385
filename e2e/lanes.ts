/**
 * `npm test` runs the browser specs in two lanes (scripts/test.mjs): the `early` lane beside the server's test steps,
 * and the `late` lane, on a server of its own, once either of those ends. One lane took the whole browser suite until
 * CI ran past its 30 minutes: beside each other on 2 cores, the browser specs took 1,649 s and the server steps
 * 1,254 s, so the machine ran one lane alone for the last 400 s. The late lane's specs are self-contained (they make
 * what they read and leave nothing the others count), so they may run on another server in any order.
 *
 * `ATLAS_E2E_LANE` (unset: every spec, as a developer's `npm run test:e2e` runs them) picks the lane in
 * playwright.config.ts.
 */
export const LATE_SPECS: readonly string[] = ['explorer-cells', 'real-data'];

export type Lane = 'early' | 'late';

/** The lane `ATLAS_E2E_LANE` names; null (all specs) when unset. Anything else is an error, not a silent full run. */
export function laneOf(value: string | undefined): Lane | null {
  if (value === undefined || value === '') return null;
  if (value === 'early' || value === 'late') return value;
  throw new Error(`ATLAS_E2E_LANE must be early or late, not ${JSON.stringify(value)}`);
}

/** The late lane's spec files, as a pattern on their paths. */
export const LATE_SPEC_FILES = new RegExp(`e2e/(${LATE_SPECS.join('|')})\\.spec\\.ts$`);
