import { Suspense, useState, useSyncExternalStore } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { hasGroupAccess, MSG } from '@atlas/contracts';
import { Logo } from '../../components/Logo';
import { APP_BAR_HEIGHT } from '../brand';
import { useSnackbar } from '../feedback';
import { useInfoDialog } from '../help';
import { LabUploadHost, openMetadataUpload, uploadStore } from '../registry';
import { useSession } from '../session';
import { componentHref } from '../views';
import { MenuBar } from './MenuBar';
import { visibleMenus, type MenuItemDef } from './navigation';
import { ShellDialogs, type AccountDialog } from './ShellDialogs';
import { UserMenu } from './UserMenu';

/** One height at every width (a `xs` value comes after MUI's own media queries for its toolbar, so it wins). */
const APP_BAR_MIN_HEIGHT = { xs: APP_BAR_HEIGHT };

/** The app bar of spec 01 §2: drawer toggle, logo, role-filtered menus, and the username menu or Sign In. */
export function TopBar({ onToggleDrawer }: { onToggleDrawer: () => void }) {
  const { user, ready, signOut } = useSession();
  const navigate = useNavigate();
  const showSnack = useSnackbar();
  const openInfo = useInfoDialog();
  const [dialog, setDialog] = useState<AccountDialog | null>(null);
  const groups = user?.groups ?? [];
  const uploadUsed = useSyncExternalStore(uploadStore.subscribe, () => uploadStore.getState().used);

  const pick = (item: MenuItemDef) => {
    const action = item.action;
    if (!action) return;
    if (action.kind === 'open') navigate(componentHref(action.component));
    else if (action.kind === 'notYet') showSnack(MSG.featureNotAvailable(item.label), { color: 'info' });
    else if (action.kind === 'uploadMetadata') openMetadataUpload(action.table);
    else if (action.dialog === 'help' || action.dialog === 'about') openInfo(action.dialog);
    else setDialog(action.dialog);
  };

  return (
    <>
      <AppBar position="sticky" color="primary">
        <Toolbar sx={{ gap: 1, minHeight: APP_BAR_MIN_HEIGHT }}>
          {hasGroupAccess(groups, 'user') && (
            <IconButton color="inherit" edge="start" aria-label="Open navigation" onClick={onToggleDrawer}>
              <MenuIcon />
            </IconButton>
          )}
          {/* Spec 01 §2: the logo takes visitors to the home page and signed-in users to the catalogue. */}
          <Link
            component={RouterLink}
            to={user ? '/visualization' : '/'}
            color="inherit"
            underline="none"
            aria-label={`${MSG.appName} home`}
            sx={{ mr: 2, flexShrink: 0 }}
          >
            <Logo />
          </Link>
          <MenuBar menus={visibleMenus(groups)} onPick={pick} />
          <Box sx={{ flex: 1 }} />
          {ready && user && (
            <UserMenu
              user={user}
              onAddRun={() => navigate(componentHref('AdminPanel', { action: 'new_run', results_id: 'null' }))}
              onChangePassword={() => setDialog('changePassword')}
              onLogout={signOut}
            />
          )}
          {ready && !user && (
            <Button
              component={RouterLink}
              to="/login"
              variant="outlined"
              color="inherit"
              sx={{ flexShrink: 0, borderColor: 'rgba(255,255,255,0.6)' }}
            >
              Sign In
            </Button>
          )}
        </Toolbar>
      </AppBar>
      <ShellDialogs open={dialog} onClose={() => setDialog(null)} />
      {uploadUsed && (
        <Suspense fallback={null}>
          <LabUploadHost />
        </Suspense>
      )}
    </>
  );
}

/** The bar without its menus and buttons, while the page holds the chrome (../pageChrome.ts). */
export function AppBarFrame() {
  return (
    <AppBar position="sticky" color="primary">
      <Toolbar sx={{ minHeight: APP_BAR_MIN_HEIGHT }} />
    </AppBar>
  );
}
