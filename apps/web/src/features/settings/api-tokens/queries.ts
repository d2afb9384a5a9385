import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiTokenCalls, TOKEN_MSG, type TApiToken } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { useConfirm, useSnackbar } from '../../../app/feedback';

/** Every token list shares this prefix (the own list and the admin list): a change refreshes both. */
export const apiTokenKeys = { all: ['auth', 'api-tokens'] as const, own: ['auth', 'api-tokens', 'own'] as const };

export const useOwnApiTokens = () =>
  useQuery({ queryKey: apiTokenKeys.own, queryFn: ({ signal }) => callApi(apiTokenCalls.listApiTokens, { signal }) });

export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; expiry_days: number }) =>
      callApi(apiTokenCalls.createApiToken, { body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

/** Revoke with a confirmation, a toast either way, and fresh lists. */
export function useRevokeApiToken(): (token: TApiToken) => Promise<void> {
  const client = useQueryClient();
  const askConfirm = useConfirm();
  const showSnack = useSnackbar();
  return async (token) => {
    const ok = await askConfirm({
      title: 'Revoke API Token',
      message: `Revoke the API token '${token.name}'? Scripts using it stop working at once. This cannot be undone.`,
      confirmText: 'Revoke',
    });
    if (!ok) return;
    try {
      await callApi(apiTokenCalls.revokeApiToken, { params: { id: token.id } });
      showSnack(TOKEN_MSG.revokedNamed(token.name), { color: 'success' });
    } catch (error) {
      const reason = error instanceof Error ? ` ${error.message}` : '';
      showSnack(`${TOKEN_MSG.revokeFailed(token.name)}${reason}`, { color: 'error' });
    } finally {
      await client.invalidateQueries({ queryKey: apiTokenKeys.all });
    }
  };
}
