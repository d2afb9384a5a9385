import path from 'node:path';

/**
 * The web build every browser run here drives (the e2e suite and the browser bench): `npm run build:lab`, the
 * production build plus the development-only /viz-lab page (Vite's `lab` mode), whose WebGL checks at 10k and 1M
 * generated tixels need it. It has its own folder so that `npm run build` (apps/web/dist, what a deployment
 * serves) never carries the lab; the server is pointed at it through ATLAS_WEB_DIST.
 */
export const LAB_WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist-lab');
