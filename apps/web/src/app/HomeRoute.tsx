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
  const { user, ready } = useSession();
  const [params] = useSearchParams();
  if (!ready) return <PageLoading />;
  const view = resolveView(params.get('component'), user);
  if (view.kind === 'catalogue') return <Navigate to="/visualization" replace />;
  if (view.kind === 'home') return <HomePage />;
  return <ComponentView view={view} />;
}
