import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secondFactorCalls as c } from '@atlas/contracts';
import { callApi } from '../../../api/client';

/** The own state, and the admin's account list that shows every account's: a change refreshes both. */
const stateKey = ['auth', 'second-factor'] as const;
const accountsKey = ['auth', 'accounts'] as const;

export const useSecondFactorState = () =>
  useQuery({ queryKey: stateKey, queryFn: ({ signal }) => callApi(c.secondFactorState, { signal }) });

function useRefreshing<I, O>(mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: stateKey });
      await client.invalidateQueries({ queryKey: accountsKey });
    },
  });
}

export const useStartEnrolment = () => useMutation({ mutationFn: () => callApi(c.startEnrolment) });
export const useConfirmEnrolment = () =>
  useRefreshing((code: string) => callApi(c.confirmEnrolment, { body: { code } }));
export const useDisableSecondFactor = () =>
  useRefreshing((body: { password: string } | { code: string }) => callApi(c.disableSecondFactor, { body }));
