import { lazy, type ComponentType } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import Lock from '@mui/icons-material/Lock';
import Login from '@mui/icons-material/Login';
import { MSG } from '@atlas/contracts';
import { MessagePage } from '../../components/MessagePage';
import { COMPONENTS, type ComponentName, type ResolvedView } from '../../app/registry';
import { AtlasXploreScreen, loadAtlasCompare } from '../explorer';

/** Every view of the registry (a new entry there does not compile until its screen is here). */
const BUILT: Record<ComponentName, ComponentType> = {
  AtlasXplore: AtlasXploreScreen,
  AtlasCompare: lazy(() => loadAtlasCompare().then((m) => ({ default: m.AtlasCompare }))),
  UserSettings: lazy(() => import('../settings/UserSettings').then((m) => ({ default: m.UserSettings }))),
  AdminPanel: lazy(() => import('../admin/AdminPanel').then((m) => ({ default: m.AdminPanel }))),
  AtlasUploader: lazy(() => import('../uploader/AtlasUploader').then((m) => ({ default: m.AtlasUploader }))),
  WaferTrace: lazy(() => import('../lab-views/WaferTrace').then((m) => ({ default: m.WaferTrace }))),
  ImageViewer: lazy(() => import('../lab-views/ImageViewer').then((m) => ({ default: m.ImageViewer }))),
  QcViewer: lazy(() => import('../lab-views/QcViewer').then((m) => ({ default: m.QcViewer }))),
  AtlasViewer: lazy(() => import('../lab-views/QcViewer').then((m) => ({ default: m.QcViewer }))),
  AtlasRunViewer: lazy(() => import('../lab-views/AtlasRunViewer').then((m) => ({ default: m.AtlasRunViewer }))),
  AtlasBrowser: lazy(() => import('../atlasbrowser/AtlasBrowser').then((m) => ({ default: m.AtlasBrowser }))),
  WaferInformationViewer: lazy(() =>
    import('../lab-metadata/InformationViewer').then((m) => ({ default: m.WaferInformationViewer })),
  ),
  ChipInformationViewer: lazy(() =>
    import('../lab-metadata/InformationViewer').then((m) => ({ default: m.ChipInformationViewer })),
  ),
  DbitInformationViewer: lazy(() =>
    import('../lab-metadata/InformationViewer').then((m) => ({ default: m.DbitInformationViewer })),
  ),
  AtlasAnalytics: lazy(() => import('../analytics/AtlasAnalytics').then((m) => ({ default: m.AtlasAnalytics }))),
};

type ComponentViewProps = { view: Exclude<ResolvedView, { kind: 'home' } | { kind: 'catalogue' }> };

/** Shows the view named by `?component=`, or a page that says clearly why it cannot be shown. */
export function ComponentView({ view }: ComponentViewProps) {
  const home = (
    <Button component={RouterLink} to="/" variant="contained">
      Back to Home
    </Button>
  );
  switch (view.kind) {
    case 'unknown':
      return (
        <MessagePage
          icon={<HelpOutlineOutlined />}
          title="Unknown component"
          message={MSG.componentUnknown(view.name)}
          actions={home}
          tone="warning"
        />
      );
    case 'signIn':
      return (
        <MessagePage
          icon={<Login />}
          title={COMPONENTS[view.name].label}
          message={MSG.signInRequired}
          actions={
            <Button component={RouterLink} to="/login" variant="contained">
              Sign In
            </Button>
          }
        />
      );
    case 'forbidden':
      return (
        <MessagePage
          icon={<Lock />}
          title="No permission"
          message={MSG.componentForbidden(COMPONENTS[view.name].label)}
          actions={home}
          tone="error"
        />
      );
    case 'open': {
      const View = BUILT[view.name];
      return <View />;
    }
  }
}
