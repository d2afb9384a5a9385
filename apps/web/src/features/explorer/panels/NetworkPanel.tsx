import { lazy, Suspense, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { NETWORK_EDGE_DEFAULT_STEP, NETWORK_EDGE_STEPS, NETWORK_LAYOUTS, type NetworkLayout } from '@atlas/contracts';
import { PartBoundary } from '../../../components/PartBoundary';
import { useExplorer } from '../state/store';
import { chooseFeatures } from '../state/chooseFeatures';
import { useFeatureNames } from '../data/featureNames';
import { useNetwork, useNetworkNames } from '../data/tracks';
import { strongestEdges } from './networkEdges';

const CytoscapeView = lazy(() => import('./CytoscapeView'));

const MARKS = NETWORK_EDGE_STEPS.map((value, i) => ({ value: i, label: `${value}%` }));

/**
 * The regulon network of eRegulon mode (spec 03 §2.1 "Peak/Motif/Network Viewer", §3 Network JSON, §9): the run's
 * networks (data/{run}/h5/networks), four layouts, the slider keeping the strongest edges. Choosing a regulon node
 * colours the plots by that eRegulon; a target gene node colours them by the gene. The regulons are also listed as
 * buttons, so the same choice works from the keyboard.
 */
export function NetworkPanel() {
  const run = useExplorer((s) => s.run);
  const features = useExplorer((s) => s.features);
  const names = useNetworkNames(run, true);
  const [chosen, setChosen] = useState<string | null>(null);
  const file = chosen ?? names.data?.[0] ?? null;
  const network = useNetwork(run, file);
  const regulons = useFeatureNames(run, 'eRegulons');
  const [layout, setLayout] = useState<NetworkLayout>(NETWORK_LAYOUTS[0]);
  const [step, setStep] = useState<number>(NETWORK_EDGE_DEFAULT_STEP);
  const shown = useMemo(
    () => (network.data ? strongestEdges(network.data, NETWORK_EDGE_STEPS[step]!) : null),
    [network.data, step],
  );

  const choose = (name: string) => {
    if (regulons.data?.set.has(name) ?? true) {
      if (useExplorer.getState().kind !== 'eRegulons') useExplorer.getState().setKind('eRegulons');
      chooseFeatures([name]);
    } else {
      useExplorer.getState().setKind('genes');
      chooseFeatures([name]);
    }
  };

  if (names.isPending) return <LinearProgress aria-label="Loading the run’s networks" />;
  if (names.isError) return <Alert severity="error">{names.error.message}</Alert>;
  if (names.data.length === 0) {
    return <Alert severity="info">{`This run has no regulon networks under h5/networks.`}</Alert>;
  }
  const sourceNames = shown ? [...new Set(shown.edges.map((e) => e.source))] : [];
  return (
    <Box data-testid="network-panel">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
        {names.data.length > 1 && (
          <TextField
            select
            size="small"
            label="Network"
            value={file ?? ''}
            onChange={(e) => setChosen(e.target.value)}
            sx={{ minWidth: 200 }}
          >
            {names.data.map((n) => (
              <MenuItem key={n} value={n}>
                {n}
              </MenuItem>
            ))}
          </TextField>
        )}
        <ToggleButtonGroup
          size="small"
          exclusive
          value={layout}
          onChange={(_, value: NetworkLayout | null) => value && setLayout(value)}
          aria-label="Network layout"
        >
          {NETWORK_LAYOUTS.map((l) => (
            <ToggleButton key={l} value={l}>
              {l}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Box sx={{ width: 260, px: 1 }}>
          <Typography variant="caption" id="network-edges-label">
            Strongest edges
          </Typography>
          <Slider
            aria-labelledby="network-edges-label"
            value={step}
            min={0}
            max={NETWORK_EDGE_STEPS.length - 1}
            step={null}
            marks={MARKS}
            valueLabelDisplay="off"
            getAriaValueText={(i) => `${NETWORK_EDGE_STEPS[i]}%`}
            onChange={(_, value) => setStep(value as number)}
            size="small"
          />
        </Box>
        {shown && network.data && (
          <Typography variant="body2" data-testid="network-edge-count">
            {`${shown.edges.length} of ${network.data.edges.length} edges, ${shown.nodes.length} nodes`}
          </Typography>
        )}
      </Stack>
      {network.isPending ? (
        <LinearProgress aria-label="Loading the network" />
      ) : network.isError ? (
        <Alert severity="error">{network.error.message}</Alert>
      ) : (
        <>
          <PartBoundary what="The network viewer" resetKey={file ?? ''}>
            <Suspense fallback={<LinearProgress aria-label="Loading the network viewer" />}>
              <CytoscapeView network={shown!} layout={layout} onNode={choose} />
            </Suspense>
          </PartBoundary>
          <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 0.5 }} aria-label="Regulons of the network">
            {sourceNames.map((name) => (
              <Button
                key={name}
                size="small"
                variant={features.includes(name) ? 'contained' : 'outlined'}
                onClick={() => choose(name)}
                sx={{ textTransform: 'none' }}
              >
                {name}
              </Button>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
