import { useMutation } from '@tanstack/react-query';
import { authCalls, MSG, type TManagedUser } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { useSnackbar } from '../../../app/feedback';
import { errorText } from '../apiErrors';
import { useInvalidateAccounts } from '../queries';
import { diffGroups } from './groupLists';

/** The account calls of the Edit User Information dialog, each with the spec's toasts (spec 01 §8). */
export function useUserActions(user: TManagedUser) {
  const showSnack = useSnackbar();
  const invalidate = useInvalidateAccounts();
  const username = user.username;

  const confirm = useMutation({
    mutationFn: () => callApi(authCalls.confirmUser, { body: { username } }),
    onSuccess: () => showSnack(MSG.userConfirmed, { color: 'success' }),
    onError: () => showSnack(MSG.userConfirmFailed, { color: 'error' }),
    onSettled: invalidate,
  });

  const confirmEmail = useMutation({
    mutationFn: () => callApi(authCalls.confirmUserEmailAdmin, { body: { username } }),
    onSuccess: () => showSnack(MSG.emailConfirmed, { color: 'success' }),
    onError: () => showSnack(MSG.emailConfirmFailed, { color: 'error' }),
    onSettled: invalidate,
  });

  /** Changes the groups, then (when asked) emails the user about each group they gained. */
  const saveGroups = useMutation({
    mutationFn: async ({ groups }: { groups: string[]; emailUser: boolean }) => {
      const diff = diffGroups(user.groups, groups);
      await callApi(authCalls.modifyGroupList, { body: { username, ...diff } });
      return diff.groups_adding;
    },
    onSuccess: async (added, { emailUser }) => {
      showSnack(MSG.groupsModified, { color: 'success' });
      if (!emailUser || !user.email) return;
      const sent = await Promise.allSettled(
        added.map((group) =>
          callApi(authCalls.informUserAssignment, { body: { group, username, email: user.email, name: user.name } }),
        ),
      );
      const failed = sent.find((result) => result.status === 'rejected');
      // The groups did change; only the notification failed, so say why rather than the spec's modify error.
      if (failed) showSnack(errorText(failed.reason), { color: 'error' });
    },
    onError: () => showSnack(MSG.groupsModifyFailed, { color: 'error' }),
    onSettled: invalidate,
  });

  return { confirm, confirmEmail, saveGroups };
}
