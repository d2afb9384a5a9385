/** The tissue image of the run's spatial folder (spec 03 §2.1), decoded for the spatial plot. */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { genesCalls } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { useSession } from '../../../app/session';
import type { RunRef } from '../state/store';
import { explorerKeys } from './queryKeys';
import { responseError } from './responseError';
import { refQuery } from './runRef';

/** A run's decoded tissue image and its top-left and bottom-right corners [x0, y0, x1, y1] in spatial coordinates. */
export interface TissueImageData {
  bitmap: ImageBitmap;
  bounds: [number, number, number, number];
  spotDiameter: number;
}

async function loadTissueImage(
  run: RunRef,
  token: string | null,
  signal: AbortSignal,
): Promise<TissueImageData | null> {
  const placed = await callApi(genesCalls.tissueImage, { query: refQuery(run), signal });
  if (!placed.available) return null;
  // The image route needs the session token, so it is fetched here rather than by an <img> or deck's loader.
  const response = await fetch(placed.url, { headers: token ? { authorization: `JWT ${token}` } : {}, signal });
  if (!response.ok) throw await responseError(response, genesCalls.tissueImageFile.path);
  return {
    bitmap: await createImageBitmap(await response.blob()),
    bounds: placed.bounds,
    spotDiameter: placed.spot_diameter,
  };
}

/** The tissue image of the run's spatial folder; null when the run has none. */
export function useTissueImage(run: RunRef | null): UseQueryResult<TissueImageData | null> {
  const { token } = useSession();
  return useQuery({
    queryKey: explorerKeys.tissueImage(run),
    queryFn: ({ signal }) => loadTissueImage(run!, token, signal),
    enabled: run !== null,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: false,
  });
}
