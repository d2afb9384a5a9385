/**
 * The observation name (barcode, cell id) of the tixel under the pointer, fetched by blocks of BARCODE_BLOCK at the
 * hovers that need them: a 5M-cell run's whole list is ~13 MB of JSON, whose parse held the page ~0.7 s at the
 * first hover on a 2-core machine (and kept 5M strings).
 */
import { useQuery } from '@tanstack/react-query';
import { BARCODE_BLOCK, genesCalls } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import type { RunRef } from '../state/store';
import { explorerKeys } from './queryKeys';
import { refQuery } from './runRef';

/** The tixel's barcode; 'loading' while its block is fetched; undefined for runs built without barcodes. */
export function useBarcode(run: RunRef | null, index: number | null): string | 'loading' | undefined {
  const block = index === null ? null : Math.floor(index / BARCODE_BLOCK);
  const names = useQuery({
    queryKey: explorerKeys.barcodes(run, block ?? 0),
    // Not cancelled when the pointer moves on to another block (no signal): the block is small and kept for the
    // next hover over it, where a cancelled one would be asked again.
    queryFn: () => callApi(genesCalls.barcodes, { query: { ...refQuery(run!), block: block! } }),
    enabled: run !== null && block !== null,
    staleTime: Infinity,
    // Runs built before barcodes were kept answer 404: the tooltip names the tixel by its number instead.
    retry: false,
  });
  if (index === null || block === null) return undefined;
  if (names.isPending) return 'loading';
  return names.data?.[index - block * BARCODE_BLOCK];
}
