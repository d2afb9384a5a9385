import { memo } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useAvailableKinds, useRunMeta } from '../data/runMeta';
import { assayRules } from '../data/assayRules';
import type { SelectionRanking } from '../plots/useSelectionRanking';
import { useExplorer, type LowerPanel } from '../state/store';
import { DeResultsPanel } from '../de/DeResultsPanel';
import { AnnotationsPanel } from './AnnotationsPanel';
import { FeatureTable } from './FeatureTable';
import { CompositionPanel } from './group-analysis/CompositionPanel';
import { DistributionsPanel } from './group-analysis/DistributionsPanel';
import { HistogramPanel } from './Histogram';
import { MotifLogoPanel } from './MotifLogoPanel';
import { NetworkPanel } from './NetworkPanel';
import { TrackBrowser } from './TrackBrowser';

/** 'Peak/Motif Viewer', or 'Peak/Motif/Network Viewer' when the run has regulons (spec 03 §2.1). */
function viewerTitle(regulons: boolean | null | undefined): string {
  return regulons ? 'Peak/Motif/Network Viewer' : 'Peak/Motif Viewer';
}

/**
 * The viewer slot (spec 03 §2.1): the track browser in gene mode, the sequence logo in motif mode, the regulon
 * network in eRegulon mode.
 */
function ViewerSlot() {
  const kind = useExplorer((s) => s.kind);
  return (
    <Box sx={{ p: 2 }} data-testid="viewer-slot">
      {kind === 'motifs' ? <MotifLogoPanel /> : kind === 'eRegulons' ? <NetworkPanel /> : <TrackBrowser />}
    </Box>
  );
}

/**
 * The explorer's lower panel (spec 03 §2.1 "Lower tool column", exactly one panel at a time): Feature Table,
 * Histogram or the Peak/Motif(/Network) Viewer, chosen by `lowerPanel` in the explorer store. Mounted under the
 * plots by the Explorer, for members and public viewers alike.
 */
/** Memoised: a gene pick renders the explorer again, and nothing here depends on it. */
export const ExplorerLowerPanel = memo(function ExplorerLowerPanel({ ranking }: { ranking?: SelectionRanking }) {
  const run = useExplorer((s) => s.run);
  const panel = useExplorer((s) => s.lowerPanel);
  const patch = useExplorer((s) => s.patch);
  const { meta } = useRunMeta(run);
  // Members' run rows do not say whether there are regulons: the explorer's probe of the eRegulon names does.
  const kinds = useAvailableKinds(run, meta);
  const title = viewerTitle(meta?.regulons ?? kinds.includes('eRegulons'));
  // An assay without peaks (spec 03 §4) keeps the tab but disables it; a stored choice of it shows the table.
  const peakViewer = meta ? assayRules(meta.assay, meta.regulons).peakViewer : true;
  // Members see and change the run's annotations; a public link's viewer sees them read-only.
  const annotations = Boolean((run?.run_id && ranking) || run?.encoded);
  // The DE results post tasks with the run's files: members only (a public link's tasks are a fixed few).
  const de = Boolean(run?.run_id && ranking);
  const shown =
    (panel === 'viewer' && !peakViewer) || (panel === 'annotations' && !annotations) || (panel === 'de' && !de)
      ? 'table'
      : panel;
  if (!run) return null;
  return (
    <Paper variant="outlined" component="section" aria-label="Lower panel" data-testid="explorer-lower-panel">
      <Tabs
        value={shown}
        onChange={(_, value: LowerPanel) => patch({ lowerPanel: value })}
        variant="scrollable"
        sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
      >
        <Tab value="table" label="Feature Table" />
        <Tab value="histogram" label="Histogram" />
        <Tab value="viewer" label={title} disabled={!peakViewer} />
        {annotations && <Tab value="annotations" label="Annotations" />}
        {de && <Tab value="de" label="DE results" data-testid="de-tab" />}
        <Tab value="composition" label="Composition" />
        <Tab value="distributions" label="Distributions" />
      </Tabs>
      <Box sx={{ p: 1 }}>
        {shown === 'table' ? (
          <FeatureTable />
        ) : shown === 'histogram' ? (
          <HistogramPanel />
        ) : shown === 'de' && ranking ? (
          <DeResultsPanel ranking={ranking} />
        ) : shown === 'annotations' ? (
          <AnnotationsPanel ranking={ranking} />
        ) : shown === 'composition' ? (
          <CompositionPanel />
        ) : shown === 'distributions' ? (
          <DistributionsPanel />
        ) : (
          <ViewerSlot />
        )}
      </Box>
    </Paper>
  );
});
