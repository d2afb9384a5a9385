import { lazy, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import {
  AtlasXploreScreen,
  dropUnclaimedFirstFrame,
  loadAtlasCompare,
  loadPublicPage,
  startExplorerEarly,
} from '../features/explorer';
import type { ComponentName } from './views';

/**
 * The app's one door into the features: the screens of its routes and of every view of ./views.ts, the app bar's
 * dialogs and upload card, and the hooks a page opens with. The rest of app/ (router, shell, start) imports features
 * only through here (.dependency-cruiser.cjs: app-features-through-registry), so the shell stays free of any
 * feature's knowledge. Each screen is its own lazily loaded chunk: the first load carries only the shell.
 */

/** A lazily loaded component exported by name from its module. */
function lazyNamed<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

// The routes' screens (spec 01 §2: /, /login, /public, /visualization/:group?; /runs, spec 03 §2.3).
export const HomePage = lazyNamed(
  () => import('../features/home/HomePage'),
  (m) => m.HomePage,
);
export const LoginPage = lazyNamed(
  () => import('../features/login/LoginPage'),
  (m) => m.LoginPage,
);
export const PublicPage = lazyNamed(loadPublicPage, (m) => m.PublicPage);
/** A reviewer link's page (issue 35): code and PIN, then the link's runs. */
export const ReviewPage = lazyNamed(
  () => import('../features/review/ReviewPage'),
  (m) => m.ReviewPage,
);
export const VisualizationPage = lazyNamed(
  () => import('../features/visualization/VisualizationPage'),
  (m) => m.VisualizationPage,
);
export const RunsListPage = lazyNamed(
  () => import('../features/catalogue/RunsListPage'),
  (m) => m.RunsListPage,
);
export const NotFoundPage = lazyNamed(
  () => import('../features/shell-views/NotFoundPage'),
  (m) => m.NotFoundPage,
);
/**
 * The WebGL test pages over generated data (`/viz-lab`) are for development: routed by the dev server and by the
 * `lab` build mode (`npm run build:lab`, which the e2e suite and the bench drive: their plot checks at 10k and 1M
 * tixels run on it). Vite replaces both conditions at build time, so `npm run build` has neither the route nor the
 * page's chunk.
 */
const LAB = import.meta.env.DEV || import.meta.env.MODE === 'lab';
export const VizLabPage = LAB
  ? lazyNamed(
      () => import('../features/viz-lab/VizLabPage'),
      (m) => m.VizLabPage,
    )
  : null;
export const AtlasBrowserLab = LAB
  ? lazyNamed(
      () => import('../features/viz-lab/AtlasBrowserLab'),
      (m) => m.AtlasBrowserLab,
    )
  : null;

/** Every view of ./views.ts, by its `?component=` name (a new entry there does not compile until its screen is here). */
export const VIEW_SCREENS: Record<ComponentName, ComponentType> = {
  AtlasXplore: AtlasXploreScreen,
  AtlasCompare: lazyNamed(loadAtlasCompare, (m) => m.AtlasCompare),
  UserSettings: lazyNamed(
    () => import('../features/settings/UserSettings'),
    (m) => m.UserSettings,
  ),
  AdminPanel: lazyNamed(
    () => import('../features/admin/AdminPanel'),
    (m) => m.AdminPanel,
  ),
  AtlasUploader: lazyNamed(
    () => import('../features/uploader/AtlasUploader'),
    (m) => m.AtlasUploader,
  ),
  WaferTrace: lazyNamed(
    () => import('../features/lab-views/WaferTrace'),
    (m) => m.WaferTrace,
  ),
  ImageViewer: lazyNamed(
    () => import('../features/lab-views/ImageViewer'),
    (m) => m.ImageViewer,
  ),
  QcViewer: lazyNamed(
    () => import('../features/lab-views/QcViewer'),
    (m) => m.QcViewer,
  ),
  AtlasViewer: lazyNamed(
    () => import('../features/lab-views/QcViewer'),
    (m) => m.QcViewer,
  ),
  AtlasRunViewer: lazyNamed(
    () => import('../features/lab-views/AtlasRunViewer'),
    (m) => m.AtlasRunViewer,
  ),
  AtlasBrowser: lazyNamed(
    () => import('../features/atlasbrowser/AtlasBrowser'),
    (m) => m.AtlasBrowser,
  ),
  WaferInformationViewer: lazyNamed(
    () => import('../features/lab-metadata/InformationViewer'),
    (m) => m.WaferInformationViewer,
  ),
  ChipInformationViewer: lazyNamed(
    () => import('../features/lab-metadata/InformationViewer'),
    (m) => m.ChipInformationViewer,
  ),
  DbitInformationViewer: lazyNamed(
    () => import('../features/lab-metadata/InformationViewer'),
    (m) => m.DbitInformationViewer,
  ),
  AtlasAnalytics: lazyNamed(
    () => import('../features/analytics/AtlasAnalytics'),
    (m) => m.AtlasAnalytics,
  ),
};

/** The page a view that cannot be shown gets instead: unknown, sign-in needed or no permission. */
export { UnavailableView } from '../features/shell-views/UnavailableView';

// The app bar's account dialogs (spec 01 §2 "Account dialogs"): each loads on first use.
export const RegisterUserDialog = lazyNamed(
  () => import('../features/admin/dialogs'),
  (m) => m.RegisterUserDialog,
);
export const ResetUserPasswordDialog = lazyNamed(
  () => import('../features/admin/dialogs'),
  (m) => m.ResetUserPasswordDialog,
);
export const UploadQcDialog = lazyNamed(
  () => import('../features/lab-views/UploadQcDialog'),
  (m) => m.UploadQcDialog,
);
export const ChangePasswordDialog = lazyNamed(
  () => import('../features/settings/ChangePasswordDialog'),
  (m) => m.ChangePasswordDialog,
);

// File → Upload Metadata (or a viewer's upload action): the store the app bar opens, and the dialog and progress card,
// loaded on first use.
export { openMetadataUpload, uploadStore } from '../features/lab-upload/store';
export const LabUploadHost = lazyNamed(
  () => import('../features/lab-upload/LabUploadHost'),
  (m) => m.LabUploadHost,
);

/**
 * Before React's first render: a screen that the address opens may start at once (the explorer on a run with a saved
 * session: its chunk and data on the way, the page's chrome held, ../features/explorer/boot). Settles when that
 * screen's module is here; undefined on any other address.
 */
export const startScreenEarly = (queryClient: QueryClient): Promise<unknown> | undefined =>
  startExplorerEarly(queryClient);

/** After the app's first render: content a screen drew before the app goes unless its screen opened and took it. */
export const dropUnclaimedEarlyContent = (): void => dropUnclaimedFirstFrame();
