/** The track browser's files and the regulon networks of a run (spec 03 §7 "Tracks", "Networks"). */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { genesCalls, TRACK_LINK_SECONDS, type TNetwork, type TTracks } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import type { RunRef } from '../state/store';
import { explorerKeys } from './queryKeys';
import { refQuery } from './runRef';

/** Signed links live an hour: ask for fresh ones five minutes before they expire. */
const TRACKS_FRESH_MS = (TRACK_LINK_SECONDS - 300) * 1000;

export function useTracks(run: RunRef | null): UseQueryResult<TTracks> {
  return useQuery({
    queryKey: explorerKeys.tracks(run),
    queryFn: ({ signal }) => callApi(genesCalls.tracks, { query: refQuery(run!), signal }),
    enabled: run !== null,
    staleTime: TRACKS_FRESH_MS,
    refetchInterval: TRACKS_FRESH_MS,
    retry: false,
  });
}

/**
 * Where each gene of the genome's annotation is: name (upper case) → igv locus `chr:start-end` (1-based), with a
 * margin of a tenth of the gene (at least 5 kb) on each side so the promoter peaks around its ends show.
 */
export type GeneLoci = Map<string, string>;

export function parseGeneBed(text: string): GeneLoci {
  const loci: GeneLoci = new Map();
  for (const line of text.split('\n')) {
    const [chrom, start, end, name] = line.split('\t');
    if (!chrom || !name || chrom.startsWith('#') || chrom.startsWith('track')) continue;
    const key = name.toUpperCase();
    const margin = Math.max(5_000, Math.round((Number(end) - Number(start)) / 10));
    if (!loci.has(key)) loci.set(key, `${chrom}:${Math.max(1, Number(start) + 1 - margin)}-${Number(end) + margin}`);
  }
  return loci;
}

export function useGeneLoci(genesUrl: string | undefined, genome: string | null): UseQueryResult<GeneLoci> {
  return useQuery({
    // Keyed by genome, not by the signed URL, which changes every hour.
    queryKey: explorerKeys.geneLoci(genome),
    queryFn: async ({ signal }) => {
      const response = await fetch(genesUrl!, { signal });
      if (!response.ok) throw new Error(`The gene annotation of ${genome} could not be read (${response.status})`);
      return parseGeneBed(await response.text());
    },
    enabled: Boolean(genesUrl && genome),
    staleTime: Infinity,
    retry: false,
  });
}

export function useNetworkNames(run: RunRef | null, enabled: boolean): UseQueryResult<string[]> {
  return useQuery({
    queryKey: explorerKeys.networks(run),
    queryFn: ({ signal }) => callApi(genesCalls.networks, { query: refQuery(run!), signal }),
    enabled: run !== null && enabled,
    staleTime: Infinity,
    retry: false,
  });
}

export function useNetwork(run: RunRef | null, name: string | null): UseQueryResult<TNetwork> {
  return useQuery({
    queryKey: explorerKeys.network(run, name),
    queryFn: ({ signal }) => callApi(genesCalls.network, { query: { ...refQuery(run!), name: name! }, signal }),
    enabled: run !== null && name !== null,
    staleTime: Infinity,
    retry: false,
  });
}
