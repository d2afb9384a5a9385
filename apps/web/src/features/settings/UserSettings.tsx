import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ChangePasswordTab } from './ChangePasswordTab';

const TABS = [
  { id: 'password', label: 'Change Password' },
  { id: 'config', label: 'Config' },
] as const;
type SettingsTab = (typeof TABS)[number]['id'];

/** User settings (spec 01 §2, spec 03 §2.11): Change Password and an empty Config tab. */
export function UserSettings() {
  const [tab, setTab] = useState<SettingsTab>('password');
  return (
    <Paper variant="outlined" sx={{ m: 2, p: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        User settings
      </Typography>
      <Tabs value={tab} onChange={(_, value: SettingsTab) => setTab(value)} aria-label="User settings">
        {TABS.map(({ id, label }) => (
          <Tab key={id} label={label} value={id} id={`settings-tab-${id}`} aria-controls="settings-panel" />
        ))}
      </Tabs>
      <Box role="tabpanel" id="settings-panel" aria-labelledby={`settings-tab-${tab}`} sx={{ pt: 3 }}>
        {tab === 'password' ? (
          <ChangePasswordTab />
        ) : (
          <Typography color="text.secondary">There are no settings to configure yet.</Typography>
        )}
      </Box>
    </Paper>
  );
}
