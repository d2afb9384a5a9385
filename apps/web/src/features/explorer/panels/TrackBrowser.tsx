import { lazy, Suspense, useCallback } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { GENES_MSG } from '@atlas/contracts';
import { CATEGORY_COLOURS } from '@atlas/viz';
import { PartBoundary } from '../../../components/PartBoundary';
import { useExplorer } from '../state/store';
import { useGeneLoci, useTracks } from '../data/tracks';
import { clusterColour } from '../plots/colours';

const IgvView = lazy(() => import('./IgvView'));

/**
 * The track browser of gene mode (spec 03 §2.1 "below it, a track browser"; §7 Tracks; §9): the run's tracks and
 * its genome's reference through signed links, starting at chr1:0–1,000,000 and going to the chosen gene's locus
 * (from the genome's gene annotation). Cluster tracks (`C3.bw`) take their cluster's colour.
 */
export function TrackBrowser() {
  const run = useExplorer((s) => s.run);
  const features = useExplorer((s) => s.features);
  const individual = useExplorer((s) => s.individual);
  const clusterColors = useExplorer((s) => s.clusterColors);
  const tracks = useTracks(run);
  const loci = useGeneLoci(tracks.data?.reference?.genes_url, tracks.data?.genome ?? null);
  const gene = features[individual] ?? features[0] ?? null;
  const locus = gene ? (loci.data?.get(gene.toUpperCase()) ?? null) : null;
  const colour = useCallback(
    (name: string) => {
      const cluster = /^C(\d+)$/.exec(name);
      return cluster ? clusterColour(CATEGORY_COLOURS, clusterColors, name, Number(cluster[1]) - 1) : undefined;
    },
    [clusterColors],
  );

  if (tracks.isPending) return <LinearProgress aria-label="Loading the run’s tracks" />;
  if (tracks.isError) return <Alert severity="error">{tracks.error.message}</Alert>;
  const data = tracks.data;
  if (!data.reference) {
    return <Alert severity="warning">{GENES_MSG.noTrackReference(data.run_id, data.genome)}</Alert>;
  }
  const own = data.tracks.filter((t) => t.source === 'run').length;
  return (
    <Box data-testid="track-browser">
      <Typography variant="subtitle2" component="h3">
        {`Tracks of ${data.run_id} on ${data.genome}`}
      </Typography>
      {own === 0 && (
        <Alert severity="info" sx={{ my: 1 }}>
          {`Run ${data.run_id} has no track files under data/${data.run_id}/tracks; the genome annotation is shown.`}
        </Alert>
      )}
      {gene && loci.isSuccess && !locus && (
        <Alert severity="info" sx={{ my: 1 }}>
          {`${gene} is not in the gene annotation of ${data.genome}; the view stays where it is.`}
        </Alert>
      )}
      {loci.isError && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {loci.error.message}
        </Alert>
      )}
      <PartBoundary what="The track browser" resetKey={data.run_id}>
        <Suspense fallback={<LinearProgress aria-label="Loading the track browser" />}>
          <IgvView tracks={data} locus={locus} colour={colour} />
        </Suspense>
      </PartBoundary>
    </Box>
  );
}
