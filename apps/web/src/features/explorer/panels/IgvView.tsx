/**
 * igv.js itself (lazy: this file is its own chunk, loaded only when the track browser is shown, so the explorer's
 * first paint does not wait for igv's ~440 kB). Always an explicit reference from our own server (STACK.md §9).
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import igv from 'igv';
import { TRACK_START_LOCUS, type TTrackFile, type TTracks } from '@atlas/contracts';

type Browser = Awaited<ReturnType<typeof igv.createBrowser>>;
type CreateOptions = Parameters<typeof igv.createBrowser>[1];

/** igv's track definition for one of our files (format by name; fragments are BED-like, through their index). */
function trackConfig(file: TTrackFile, colour: (name: string) => string | undefined): Record<string, unknown> {
  const name = file.source === 'reference' && /^genes\.bed$/i.test(file.name) ? 'Genes' : file.name;
  const base = { name, url: file.url, ...(file.index_url ? { indexURL: file.index_url } : { indexed: false }) };
  const stem = file.name.replace(/\.[^.]+$/, '');
  switch (file.format) {
    case 'bigwig':
    case 'bedgraph':
      return { ...base, type: 'wig', format: file.format, autoscale: true, height: 50, color: colour(stem) };
    case 'bigbed':
      return { ...base, type: 'annotation', format: 'bigbed' };
    case 'fragments':
      return { ...base, type: 'annotation', format: 'bed', displayMode: 'SQUISHED', visibilityWindow: 200_000 };
    case 'bed':
      return { ...base, type: 'annotation', format: 'bed', displayMode: name === 'Genes' ? 'EXPANDED' : 'COLLAPSED' };
  }
}

export default function IgvView({
  tracks,
  locus,
  colour,
}: {
  tracks: TTracks;
  /** Where to go once drawn and whenever it changes: an igv locus; null keeps the view. */
  locus: string | null;
  colour: (name: string) => string | undefined;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [browser, setBrowser] = useState<Browser | null>(null);
  const [shown, setShown] = useState<string>('');
  const [failure, setFailure] = useState<string | null>(null);
  const colourRef = useRef(colour);
  colourRef.current = colour;

  // One browser per set of signed links (they are renewed before they expire): keep the place across renewals.
  const lastLocus = useRef<string>(TRACK_START_LOCUS);
  useEffect(() => {
    const ref = tracks.reference!;
    const reference = ref.fasta_url
      ? { id: ref.genome, name: ref.genome, fastaURL: ref.fasta_url, indexURL: ref.fasta_index_url }
      : { id: ref.genome, name: ref.genome, format: 'chromsizes', fastaURL: ref.chrom_sizes_url };
    const options = {
      reference: { ...reference, ...(ref.cytoband_url && { cytobandURL: ref.cytoband_url }) },
      locus: lastLocus.current,
      tracks: tracks.tracks.map((f) => trackConfig(f, colourRef.current)),
      showSampleNames: false,
      // Everything comes from our storage: igv must not fetch its genome catalogue from igv.org (a self-hosted
      // portal may have no internet, and the page's Content-Security-Policy allows our origins only).
      loadDefaultGenomes: false,
    } as unknown as CreateOptions;
    let made: Browser | null = null;
    let cancelled = false;
    setFailure(null);
    igv
      .createBrowser(host.current!, options)
      .then((b) => {
        if (cancelled) {
          igv.removeBrowser(b);
          return;
        }
        made = b;
        const report = () => {
          const loci = b.currentLoci();
          const current = Array.isArray(loci) ? loci.join(' ') : loci;
          lastLocus.current = current;
          setShown(current);
        };
        b.on('locuschange', report);
        report();
        setBrowser(b);
      })
      .catch((error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
    return () => {
      cancelled = true;
      setBrowser(null);
      if (made) igv.removeBrowser(made);
    };
  }, [tracks]);

  useEffect(() => {
    if (browser && locus) browser.search(locus);
  }, [browser, locus]);

  return (
    <Box>
      <Typography variant="caption" color="text.secondary" data-testid="track-locus" aria-live="polite">
        {failure ? `The track browser failed: ${failure}` : shown ? `${tracks.genome} ${shown}` : 'Loading tracks…'}
      </Typography>
      <Box ref={host} data-testid="igv-host" sx={{ minHeight: 200 }} />
    </Box>
  );
}
