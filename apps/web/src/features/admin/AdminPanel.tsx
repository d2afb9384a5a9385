import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { ADMIN_TABS, tabFromQuery, type AdminTabId } from './adminTabs';
import { GroupManagementTab } from './groups/GroupManagementTab';
import { JobManagementTab } from './jobs/JobManagementTab';
import { AddFilesTab } from './runs/AddFilesTab';
import { AddRunTab } from './runs/AddRunTab';
import { CreateRunTab } from './runs/CreateRunTab';
import { GroupRunsTab } from './runs/GroupRunsTab';
import { SystemTab } from './system/SystemTab';
import { ApiTokensAdminTab } from './tokens/ApiTokensAdminTab';
import { UserManagementTab } from './users/UserManagementTab';

/** The Admin Panel (spec 03 §2.10). The open tab lives in `?tab=` so a link or a reload opens it again. */
export function AdminPanel() {
  const [query, setQuery] = useSearchParams();
  const tab = tabFromQuery(query);

  const select = (next: AdminTabId) =>
    setQuery((current) => {
      const updated = new URLSearchParams(current);
      updated.set('tab', next);
      return updated;
    });

  return (
    <Paper variant="outlined" sx={{ m: 2 }}>
      <Tabs
        value={tab}
        onChange={(_, next: AdminTabId) => select(next)}
        variant="scrollable"
        scrollButtons="auto"
        aria-label="Admin Panel"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {ADMIN_TABS.map(({ id, label }) => (
          <Tab key={id} value={id} label={label} id={`admin-tab-${id}`} aria-controls="admin-tab-panel" />
        ))}
      </Tabs>
      <Box role="tabpanel" id="admin-tab-panel" aria-labelledby={`admin-tab-${tab}`} sx={{ p: 2 }}>
        <TabContent tab={tab} select={select} />
      </Box>
    </Paper>
  );
}

function TabContent({ tab, select }: { tab: AdminTabId; select: (tab: AdminTabId) => void }) {
  switch (tab) {
    case 'jobs':
      return <JobManagementTab />;
    case 'users':
      return <UserManagementTab />;
    case 'groups':
      return <GroupManagementTab />;
    case 'create-run':
      return <CreateRunTab onShowJobs={() => select('jobs')} />;
    case 'add-run':
      return <AddRunTab onCreateRun={() => select('create-run')} />;
    case 'group-runs':
      return <GroupRunsTab />;
    case 'add-files':
      return <AddFilesTab />;
    case 'system':
      return <SystemTab />;
    case 'api-tokens':
      return <ApiTokensAdminTab />;
  }
}
