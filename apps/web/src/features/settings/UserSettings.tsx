import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { hasGroupAccess } from '@atlas/contracts';
import { useSession } from '../../app/session';
import { ApiTokensTab } from './api-tokens/ApiTokensTab';
import { ChangePasswordTab } from './ChangePasswordTab';
import { SecondFactorTab } from './second-factor/SecondFactorTab';
import { ShareNoticesTab } from './ShareNoticesTab';

/** The spec's tabs are for admins; API Tokens (issue 20) is for every member of a group, who may script the portal. */
const TABS = [
  { id: 'password', label: 'Change Password', adminOnly: true },
  { id: 'api-tokens', label: 'API Tokens', adminOnly: false },
  // Issue 35: everyone may protect their own sign-in.
  { id: 'second-factor', label: 'Two-Step Sign In', adminOnly: false },
  // Issue 35: share notices are each member's own choice.
  { id: 'notices', label: 'Notifications', adminOnly: false },
  { id: 'config', label: 'Config', adminOnly: true },
] as const;
type SettingsTab = (typeof TABS)[number]['id'];

/**
 * User settings (spec 01 §2, spec 03 §2.11): Change Password, API Tokens, Two-Step Sign In, Notifications and an empty
 * Config tab.
 */
export function UserSettings() {
  const { user } = useSession();
  const isAdmin = hasGroupAccess(user?.groups ?? [], 'admin');
  const shown = TABS.filter((t) => isAdmin || !t.adminOnly);
  const asked = new URLSearchParams(window.location.search).get('tab');
  const [chosen, setTab] = useState<SettingsTab>(shown.find((t) => t.id === asked)?.id ?? shown[0]!.id);
  const tab = shown.some((t) => t.id === chosen) ? chosen : shown[0]!.id;
  return (
    <Paper variant="outlined" sx={{ m: 2, p: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        User settings
      </Typography>
      <Tabs value={tab} onChange={(_, value: SettingsTab) => setTab(value)} aria-label="User settings">
        {shown.map(({ id, label }) => (
          <Tab key={id} label={label} value={id} id={`settings-tab-${id}`} aria-controls="settings-panel" />
        ))}
      </Tabs>
      <Box role="tabpanel" id="settings-panel" aria-labelledby={`settings-tab-${tab}`} sx={{ pt: 3 }}>
        {tab === 'password' ? (
          <ChangePasswordTab />
        ) : tab === 'api-tokens' ? (
          <ApiTokensTab />
        ) : tab === 'second-factor' ? (
          <SecondFactorTab />
        ) : tab === 'notices' ? (
          <ShareNoticesTab />
        ) : (
          <Typography color="text.secondary">There are no settings to configure yet.</Typography>
        )}
      </Box>
    </Paper>
  );
}
