import { Navigate, useSearchParams } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { HomePage, UnavailableView, VIEW_SCREENS } from './registry';
import { resolveView, viewBeforeSessionCheck, type ResolvedView } from './views';
import { useSession } from './session';

/**
 * `/`: the signed-in home page, or the view named by `?component=` (spec 01 §2).
 * Visitors without a component go to the catalogue.
 */
export function HomeRoute() {
  const { user, ready, token } = useSession();
  const [params] = useSearchParams();
  const component = params.get('component');
  if (!ready) {
    const early = viewBeforeSessionCheck(component, token !== null);
    return early ? <ComponentView view={early} /> : <PageLoading />;
  }
  const view = resolveView(component, user);
  if (view.kind === 'catalogue') return <Navigate to="/visualization" replace />;
  if (view.kind === 'home') return <HomePage />;
  return <ComponentView view={view} />;
}

/** The view named by `?component=`, or the page that says why it cannot be shown. */
function ComponentView({ view }: { view: Exclude<ResolvedView, { kind: 'home' | 'catalogue' }> }) {
  if (view.kind !== 'open') return <UnavailableView view={view} />;
  const Screen = VIEW_SCREENS[view.name];
  return <Screen />;
}
