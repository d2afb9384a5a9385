/**
 * The explorer's public surface: the app router, the home shell and the early start reach the explorer only
 * through here. Each screen stays its own lazily loaded chunk, so this file hands out loaders rather than the
 * screens themselves (apps/web/explorer-preload.ts finds the AtlasXplore chunk by its file, ./AtlasXplore.tsx).
 */

import { preloadable } from '../../components/preloadable';

/** `?component=AtlasXplore`: the members' explorer; `preload()` fetches it before it is rendered. */
export const AtlasXploreScreen = preloadable(() => import('./AtlasXplore').then((m) => m.AtlasXplore));

/** `?component=AtlasCompare`: runs side by side (admin). */
export const loadAtlasCompare = () => import('./compare/AtlasCompare');

/** `/public?component=PublicGeneViewer&…`: the read-only explorer of a shared run. */
export const loadPublicPage = () => import('./public/PublicPage');

/** `prefetchRun(queryClient, runId, token)`: a run's data into the query cache before the explorer mounts. */
export const loadRunPrefetch = () => import('./data/prefetch');
