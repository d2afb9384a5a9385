import { useQuery } from '@tanstack/react-query';
import { appCalls } from '@atlas/contracts';
import { callApi } from './client';

/** Application name, version and environment (GET /api/v1/app); fixed for the life of the page. */
export function useAppInfo() {
  return useQuery({
    queryKey: ['app-info'],
    queryFn: ({ signal }) => callApi(appCalls.appInfo, { signal, token: null }),
    staleTime: Infinity,
    retry: 1,
  });
}
