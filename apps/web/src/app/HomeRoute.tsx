import { lazy } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { ComponentView } from '../features/shell-views/ComponentView';
import { resolveView } from './registry';
import { useSession } from './session';

const HomePage = lazy(() => import('../features/home/HomePage').then((m) => ({ default: m.HomePage })));

/**
 * `/`: the signed-in home page, or the view named by `?component=` (spec 01 §2).
 * Visitors without a component go to the catalogue.
 */
export function HomeRoute() {
  const { user, ready, token } = useSession();
  const [params] = useSearchParams();
  const component = params.get('component');
  if (!ready) {
    // A saved session opening the explorer mounts it before the session check answers (the < 1 s open target);
    // if the check fails, the sign-in page replaces it, and the server has refused its data calls anyway.
    const provisional = token !== null && component === 'AtlasXplore';
    return provisional ? <ComponentView view={{ kind: 'open', name: 'AtlasXplore' }} /> : <PageLoading />;
  }
  const view = resolveView(component, user);
  if (view.kind === 'catalogue') return <Navigate to="/visualization" replace />;
  if (view.kind === 'home') return <HomePage />;
  return <ComponentView view={view} />;
}
