import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { SHARING_MSG, sharingCalls } from '@atlas/contracts';
import { callApi } from '../../api/client';
import { useSnackbar } from '../../app/feedback';

const KEY = ['settings', 'share_notices'];

/** Issue 35: whether this account is mailed when a run is shared with one of its groups (on by default). */
export function ShareNoticesTab() {
  const client = useQueryClient();
  const showSnack = useSnackbar();
  const current = useQuery({ queryKey: KEY, queryFn: () => callApi(sharingCalls.getShareNotices) });
  const save = useMutation({
    mutationFn: (enabled: boolean) => callApi(sharingCalls.setShareNotices, { body: { enabled } }),
    onSuccess: (answer) => {
      client.setQueryData(KEY, { enabled: answer.enabled });
      showSnack(answer.msg, { color: 'success' });
    },
    onError: (error) => showSnack(String((error as Error).message), { color: 'error' }),
  });
  return (
    <FormControlLabel
      control={
        <Switch
          checked={current.data?.enabled ?? false}
          disabled={!current.data || save.isPending}
          onChange={(e) => save.mutate(e.target.checked)}
        />
      }
      label={SHARING_MSG.notifyLabel}
    />
  );
}
