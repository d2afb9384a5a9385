/** The run's observation names (barcodes, cell ids) in tixel order, fetched at the first hover over the plots. */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { genesCalls } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import type { RunRef } from '../state/store';
import { explorerKeys } from './queryKeys';
import { refQuery } from './runRef';

export function useBarcodes(run: RunRef | null, enabled: boolean): UseQueryResult<string[]> {
  return useQuery({
    queryKey: explorerKeys.barcodes(run),
    queryFn: ({ signal }) => callApi(genesCalls.barcodes, { query: refQuery(run!), signal }),
    enabled: run !== null && enabled,
    staleTime: Infinity,
    // Runs built before barcodes were kept answer 404: the tooltip names the tixel by its number instead.
    retry: false,
  });
}
