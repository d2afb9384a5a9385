import { useCallback, useEffect, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { ATLASBROWSER_MSG, type TAtlasBrowserConfig } from '@atlas/contracts';
import { AUTOFILL_THRESHOLD, autofill, type Roi } from '@atlas/spatial/atlasbrowser';
import { useSession } from '../../app/session';
import { useSnackbar } from '../../app/feedback';
import { useBrowserConfig } from './api';
import { BrowserDialogs } from './BrowserDialogs';
import { BrowserWorkbench } from './BrowserWorkbench';
import { shortName } from './dialogs';
import { GeneratedFolder, Header, Welcome } from './parts';
import { baseName, generateArgs } from './generateArgs';
import { tixelCentres } from './geometry';
import { useGeneration } from './useGeneration';
import { useImageTransform } from './useImageTransform';
import { useMaskEditor } from './useMaskEditor';
import { useRunChoice } from './useRunChoice';
import { useRunFlow } from './useRunFlow';
import { useStageView } from './useStageView';
import { useThreshold } from './useThreshold';

/** AtlasXbrowser (spec 02 §2.8, §4.3): a run's raw image → its spatial folder, in the browser. */
export function AtlasBrowser() {
  const config = useBrowserConfig();
  if (config.error) return <Alert severity="error">{config.error.message}</Alert>;
  if (!config.data) return <CircularProgress sx={{ m: 4 }} aria-label="Loading AtlasXbrowser" />;
  return <Browser config={config.data} />;
}

function Browser({ config }: { config: TAtlasBrowserConfig }) {
  const { token } = useSession();
  const snack = useSnackbar();
  const run = useRunChoice();
  const { runId } = run;
  const view = useStageView();
  const { roi, setRoi, setGridShown, setShowCounts, background } = view;

  const threshold = useThreshold(snack);
  const generation = useGeneration(config, runId, snack);
  /** Everything about the image goes; the run and its metadata stay. */
  const { clear: clearThreshold } = threshold;
  const editor = useMaskEditor();
  const { setMask } = editor;
  const { reset: resetView } = view;
  const resetProcessing = useCallback(() => {
    resetView();
    clearThreshold();
    setMask(null);
  }, [resetView, clearThreshold, setMask]);
  const image = useImageTransform({ token, bucket: config.bucket_name_bsa, snack, onReset: resetProcessing });
  const flow = useRunFlow({
    config,
    runId,
    visit: run.visit,
    token,
    snack,
    image,
    onNewRun: () => {
      resetProcessing();
      generation.reset();
    },
    onFolderLoaded: (folder) => setRoi(folder.roi),
    onFolderTixels: (tixels) => {
      editor.setMask(tixels);
      setGridShown(true);
    },
  });
  const { barcodes, updateMode, images } = flow;
  const channels = barcodes?.channels ?? 0;
  const centres = useMemo(() => (roi && channels ? tixelCentres(roi, channels) : null), [roi, channels]);

  const { working } = image;
  const { prepare: prepareThreshold } = threshold;
  const workingBsa = working?.bsa;
  // The new working image's pixels go to the threshold workers now, not when Threshold is pressed.
  useEffect(() => {
    if (workingBsa && !updateMode) prepareThreshold(workingBsa);
  }, [workingBsa, updateMode, prepareThreshold]);
  const onRoi = (next: Roi) => {
    setRoi(next);
    // Dragging the ROI clears the tixel grid (spec 02 §4.3).
    setGridShown(false);
    setMask(null);
    setShowCounts(false);
  };

  const autofillTixels = async () => {
    if (!working || !roi || !channels) return;
    const filled =
      threshold.autofillMethod === 'otsu'
        ? await threshold.autoMask(working.bsa, roi, channels)
        : threshold.bw && { mask: autofill(threshold.bw, roi, channels), threshold: AUTOFILL_THRESHOLD };
    if (!filled) return;
    editor.setMask(filled.mask);
    view.setAutofilledBy({ method: threshold.autofillMethod, threshold: filled.threshold });
    setGridShown(true);
  };

  const generate = () => {
    if (!barcodes) return snack(ATLASBROWSER_MSG.selectBarcodeFirst, { color: 'warning' });
    if (!working || !roi || !editor.mask || !image.sources)
      return snack(ATLASBROWSER_MSG.processingNotDone, { color: 'warning' });
    void generation.post(
      generateArgs({
        config,
        runId,
        files: images,
        bsaKey: image.sources.bsaKey,
        postBKey: image.sources.postBKey,
        updateMode,
        orientation: image.orientation,
        cropArea: image.cropArea ?? [0, 0, working.bsa.width, working.bsa.height],
        roi,
        mask: editor.mask,
        barcodes,
        existing: flow.existing ?? undefined,
        metadata: flow.choice.metadata,
        mapping: flow.choice.mapping,
        threshold: { neighborhood: threshold.neighborhood, cValue: threshold.cValue },
        autofill: view.autofilledBy,
      }),
    );
  };

  const { bw } = threshold;
  const shown = working
    ? background === 'bw' && bw
      ? bw
      : background === 'postB' && working.postB
        ? working.postB
        : working.bsa
    : null;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, p: 2, flex: 1, minHeight: 0 }}>
      <Header
        runId={runId}
        image={image.sources ? shortName(baseName(image.sources.bsaKey)) : null}
        updateMode={updateMode}
        onEditMetadata={image.sources && flow.step === 'tools' ? () => flow.setStep('metadata') : null}
        onChooseRun={run.openSearch}
      />

      {flow.step === 'tools' && working && shown ? (
        <BrowserWorkbench
          view={view}
          image={image}
          working={working}
          shown={shown}
          threshold={threshold}
          editor={editor}
          flow={flow}
          channels={channels}
          centres={centres}
          onRoi={onRoi}
          onAutofill={() => void autofillTixels()}
          onGenerate={generate}
          onCheck={() => void generation.check()}
          generatedFolder={generation.showFolder ? { bucket: config.bucket_name_spatial, runId } : null}
        />
      ) : generation.showFolder ? (
        <GeneratedFolder bucket={config.bucket_name_spatial} runId={runId} />
      ) : flow.step === 'checking' || flow.step === 'loading' ? (
        <CircularProgress sx={{ m: 4 }} aria-label="Loading run" />
      ) : (
        <Welcome />
      )}

      <BrowserDialogs
        config={config}
        runId={runId}
        flow={flow}
        generation={generation}
        hasImage={Boolean(image.sources)}
        searchOpen={run.searchOpen}
        onChooseRun={run.chooseRun}
        onCloseSearch={run.closeSearch}
      />
    </Box>
  );
}
