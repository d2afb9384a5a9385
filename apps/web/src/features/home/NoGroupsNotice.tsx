import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { authCalls, MSG } from '@atlas/contracts';
import { callApi } from '../../api/client';

/**
 * A signed-in account in no group sees no runs and no tools: say so, and whom to ask (the admins, with their
 * addresses), instead of an empty page.
 */
export function NoGroupsNotice() {
  const admins = useQuery({
    queryKey: ['auth', 'admin-contacts'],
    queryFn: ({ signal }) => callApi(authCalls.adminContacts, { signal }),
  });
  const list = admins.data ?? [];
  return (
    <Alert severity="info" variant="outlined" sx={{ mt: 4, maxWidth: 720 }} role="status">
      <AlertTitle>{MSG.noGroupsTitle}</AlertTitle>
      {list.length === 0 ? MSG.noGroupsNoAdmins : MSG.noGroupsBody}
      {list.length > 0 && (
        <ul aria-label="Administrators" style={{ margin: '8px 0 0', paddingLeft: 20 }}>
          {list.map((admin) => (
            <li key={admin.email}>
              {admin.name}: <Link href={`mailto:${admin.email}`}>{admin.email}</Link>
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
