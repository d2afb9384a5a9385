import { useQuery, useQueryClient } from '@tanstack/react-query';
import { authCalls, SYSTEM_REFRESH_MS, systemCalls, taskCalls } from '@atlas/contracts';
import { callApi } from '../../api/client';

/** Query keys of the admin screens; mutations invalidate by these prefixes. */
const adminKeys = {
  accounts: ['auth', 'accounts'] as const,
  groups: ['auth', 'groups'] as const,
  audit: (target: string) => ['auth', 'audit', target] as const,
  tasks: ['tasks', 'recent'] as const,
  system: ['system', 'status'] as const,
};

/** How often Job Managment re-reads the task list: tasks report progress every second or so. */
export const TASK_REFRESH_MS = 3000;
const RECENT_TASKS = 100;
const AUDIT_ENTRIES = 100;

export const useAccounts = () =>
  useQuery({ queryKey: adminKeys.accounts, queryFn: ({ signal }) => callApi(authCalls.listAccounts, { signal }) });

export const useGroups = () =>
  useQuery({ queryKey: adminKeys.groups, queryFn: ({ signal }) => callApi(authCalls.listGroups, { signal }) });

export const useUserAudit = (username: string) =>
  useQuery({
    queryKey: adminKeys.audit(`user:${username}`),
    queryFn: ({ signal }) =>
      callApi(authCalls.listAudit, { query: { target: `user:${username}`, limit: AUDIT_ENTRIES }, signal }),
  });

export const useRecentTasks = () =>
  useQuery({
    queryKey: adminKeys.tasks,
    queryFn: ({ signal }) => callApi(taskCalls.listTasks, { query: { limit: RECENT_TASKS }, signal }),
    refetchInterval: TASK_REFRESH_MS,
  });

/** The System tab's status: re-read every few seconds while the tab is open. */
export const useSystemStatus = () =>
  useQuery({
    queryKey: adminKeys.system,
    queryFn: ({ signal }) => callApi(systemCalls.systemStatus, { signal }),
    refetchInterval: SYSTEM_REFRESH_MS,
  });

/** After any account change: users and groups are shown side by side, and a user's history grows. */
export function useInvalidateAccounts(): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: ['auth'] });
  };
}
