import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import Box from '@mui/material/Box';
import { usePageChromeHeld } from '../pageChrome';
import { useGroups } from '../session';
import { Footer } from './Footer';
import { NavDrawer } from './NavDrawer';
import { AppBarFrame, TopBar } from './TopBar';

/**
 * The main shell around the home views and the catalogue: app bar, drawer, page, footer. A page may hold the app
 * bar's menus and the footer while it draws its content first (../pageChrome.ts): the bar's place is kept.
 */
export function Shell() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const groups = useGroups();
  const chromeHeld = usePageChromeHeld();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      {chromeHeld ? <AppBarFrame /> : <TopBar onToggleDrawer={() => setDrawerOpen((open) => !open)} />}
      <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} groups={groups} />
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <Outlet />
      </Box>
      {!chromeHeld && <Footer />}
    </Box>
  );
}
