/**
 * The explorer's public surface: the app's registry (app/registry.ts) and other features reach the explorer only
 * through here; the page's entry reaches its cold open through ./boot/index.ts. Each screen stays its own lazily
 * loaded chunk, so this file hands out loaders rather than the screens themselves (./boot/build/explorer-preload.ts
 * finds the AtlasXplore chunk by its file, ./AtlasXplore.tsx).
 */

export { AtlasXploreScreen, startExplorerEarly } from './boot/early';
export { dropUnclaimedFirstFrame } from './boot/handoff';

/** `?component=AtlasCompare`: runs side by side (admin). */
export const loadAtlasCompare = () => import('./compare/AtlasCompare');

/** `/public?component=PublicGeneViewer&…`: the read-only explorer of a shared run. */
export const loadPublicPage = () => import('./public/PublicPage');
