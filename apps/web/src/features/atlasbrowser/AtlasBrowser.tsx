import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { ATLASBROWSER, ATLASBROWSER_MSG, type TAtlasBrowserConfig } from '@atlas/contracts';
import { AUTOFILL_THRESHOLD, autofill, type Roi } from '@atlas/spatial/atlasbrowser';
import { useSession } from '../../app/session';
import { useSnackbar } from '../../app/feedback';
import { useBrowserConfig, useFieldOptions } from './api';
import {
  CountsDialog,
  FolderFoundDialog,
  ImageChoiceDialog,
  MetadataDialog,
  ProgressDialog,
  RunSearchDialog,
  shortName,
} from './dialogs';
import { GeneratedFolder, Header, Welcome } from './parts';
import { baseName, generateArgs, isPostB, type GenerateInput } from './generateArgs';
import { initialRoi, tixelCentres } from './geometry';
import { drawnSize } from './imageOps';
import { Stage, type StageMode } from './Stage';
import { ToolPanel, type Background } from './ToolPanel';
import { useGeneration } from './useGeneration';
import { useImageTransform } from './useImageTransform';
import { useMaskEditor } from './useMaskEditor';
import { useRunFlow } from './useRunFlow';
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
  const [params, setParams] = useSearchParams();
  const runId = params.get('run_id') ?? '';
  const options = useFieldOptions();
  const [searchOpen, setSearchOpen] = useState(!runId);
  /** Counts run choices, so choosing the same run again starts over. */
  const [visit, setVisit] = useState(0);
  const [background, setBackground] = useState<Background>('bsa');
  const [scale, setScale] = useState<number>(ATLASBROWSER.scale.default);
  const [mode, setMode] = useState<StageMode>('view');
  const [roi, setRoi] = useState<Roi | null>(null);
  const [selectedCorner, setSelectedCorner] = useState(0);
  const [gridShown, setGridShown] = useState(false);
  const [brush, setBrush] = useState<number>(ATLASBROWSER.brush.default);
  const [showCounts, setShowCounts] = useState(false);
  /** The threshold of the last Autofill, for metadata.json. */
  const [autofilledBy, setAutofilledBy] = useState<GenerateInput['autofill']>();

  const threshold = useThreshold(snack);
  const generation = useGeneration(config, runId, snack);
  /** Everything about the image goes; the run and its metadata stay. */
  const { clear: clearThreshold } = threshold;
  const editor = useMaskEditor();
  const { setMask } = editor;
  const resetProcessing = useCallback(() => {
    setMode('view');
    setRoi(null);
    setGridShown(false);
    clearThreshold();
    setMask(null);
    setShowCounts(false);
    setBackground('bsa');
  }, [clearThreshold, setMask]);
  const image = useImageTransform({ token, bucket: config.bucket_name_bsa, snack, onReset: resetProcessing });
  const flow = useRunFlow({
    config,
    runId,
    visit,
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
  const { barcodes, counts, bounds, updateMode, images } = flow;
  const channels = barcodes?.channels ?? 0;
  const centres = useMemo(() => (roi && channels ? tixelCentres(roi, channels) : null), [roi, channels]);

  const chooseRun = (run: string) => {
    setSearchOpen(false);
    setVisit((v) => v + 1);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('run_id', run);
        return next;
      },
      { replace: true },
    );
  };

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
  const dropThresholdView = () => setBackground((b) => (b === 'bw' ? 'bsa' : b));

  const autofillTixels = async () => {
    if (!working || !roi || !channels) return;
    const filled =
      threshold.autofillMethod === 'otsu'
        ? await threshold.autoMask(working.bsa, roi, channels)
        : threshold.bw && { mask: autofill(threshold.bw, roi, channels), threshold: AUTOFILL_THRESHOLD };
    if (!filled) return;
    editor.setMask(filled.mask);
    setAutofilledBy({ method: threshold.autofillMethod, threshold: filled.threshold });
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
        autofill: autofilledBy,
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
        onChooseRun={() => setSearchOpen(true)}
      />

      {flow.step === 'tools' && working && shown ? (
        <Box sx={{ display: 'flex', gap: 2, flex: 1, minHeight: 0 }}>
          <ToolPanel
            updateMode={updateMode}
            scale={scale}
            onScale={setScale}
            rotation={{
              orientation: image.orientation,
              step: image.rotationStep,
              onStep: image.setRotationStep,
              onRotate: (d) => void image.rotate(d),
              onFlip: (axis) => void image.flip(axis),
            }}
            mode={mode}
            onActivateCrop={() => image.activateCrop() && setMode('crop')}
            onConfirmCrop={() => image.confirmCrop() && setMode('view')}
            onActivateRoi={() => {
              if (!roi) setRoi(initialRoi(working.bsa));
              setMode('roi');
            }}
            gridShown={gridShown}
            canShowGrid={Boolean(roi && channels)}
            onGrid={setGridShown}
            cValue={threshold.cValue}
            neighborhood={threshold.neighborhood}
            onCValue={(v) => {
              threshold.changeC(v);
              dropThresholdView();
            }}
            onNeighborhood={(v) => {
              threshold.changeNeighborhood(v);
              dropThresholdView();
            }}
            onThreshold={() =>
              void threshold.run(working.bsa, drawnSize(working.bsa, scale)).then((done) => done && setBackground('bw'))
            }
            thresholding={threshold.running}
            background={background}
            backgrounds={{ postB: Boolean(working.postB), bsa: true, bw: Boolean(bw) }}
            onBackground={setBackground}
            countsLoaded={Boolean(counts)}
            showCounts={showCounts}
            onShowCounts={(v) => {
              setShowCounts(v);
              if (v && roi) setGridShown(true);
            }}
            bounds={bounds}
            onBounds={flow.setBounds}
            autofillMethod={threshold.autofillMethod}
            onAutofillMethod={threshold.setAutofillMethod}
            autoThreshold={threshold.autoThreshold}
            canAutofill={
              Boolean((bw || threshold.autofillMethod === 'otsu') && roi && channels) &&
              !updateMode &&
              !threshold.running
            }
            onAutofill={() => void autofillTixels()}
            canBrush={Boolean(editor.mask && gridShown)}
            onBrushMode={(m) => setMode(m ?? 'view')}
            brush={brush}
            onBrush={(v) => setBrush(Math.min(ATLASBROWSER.brush.max, Math.max(ATLASBROWSER.brush.min, v)))}
            canUndo={editor.canUndo}
            onUndo={editor.undoStroke}
            onGenerate={generate}
            onCheck={() => void generation.check()}
            onTissueCount={editor.onTissue}
          />
          <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, gap: 2 }}>
            <Stage
              image={shown}
              scale={scale}
              mode={mode}
              crop={image.crop}
              onCrop={image.moveCrop}
              roi={roi}
              selectedCorner={selectedCorner}
              onSelectCorner={setSelectedCorner}
              onRoi={onRoi}
              grid={gridShown && channels ? { channels } : null}
              mask={editor.mask}
              counts={showCounts && counts ? { values: counts.values, ...bounds } : null}
              brush={brush}
              onBrushStart={editor.startStroke}
              onBrush={(p) =>
                centres && (mode === 'fill' || mode === 'erase')
                  ? editor.brushAt(p, mode === 'fill' ? 1 : 0, centres, brush / scale)
                  : undefined
              }
              onBrushEnd={editor.endStroke}
            />
            {generation.showFolder && <GeneratedFolder bucket={config.bucket_name_spatial} runId={runId} />}
          </Box>
        </Box>
      ) : generation.showFolder ? (
        <GeneratedFolder bucket={config.bucket_name_spatial} runId={runId} />
      ) : flow.step === 'checking' || flow.step === 'loading' ? (
        <CircularProgress sx={{ m: 4 }} aria-label="Loading run" />
      ) : (
        <Welcome />
      )}

      <RunSearchDialog
        open={searchOpen}
        runs={[...(flow.runs.data?.keys() ?? [])].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))}
        loading={flow.runs.isPending}
        error={flow.runs.error?.message ?? null}
        onChoose={chooseRun}
        onClose={() => setSearchOpen(false)}
      />
      {flow.step === 'folderFound' && (
        <FolderFoundDialog run={runId} onUpdate={() => void flow.update()} onReprocess={flow.reprocess} />
      )}
      {flow.step === 'chooseImage' && images.length > 1 && (
        <ImageChoiceDialog
          images={images}
          suggestedPostB={images.find(isPostB) ?? null}
          onSubmit={(key, postB) => void flow.loadImage(key, postB)}
          onClose={() => flow.setStep('idle')}
        />
      )}
      {flow.step === 'metadata' && (
        <MetadataDialog
          run={runId}
          initial={flow.choice}
          options={options.data}
          barcodeFiles={flow.barcodeFiles.data ?? []}
          mapping={config.barcode_mapping}
          slims={config.slims}
          barcodeError={flow.barcodeError}
          checking={flow.checkingBarcodes}
          onConfirm={(c) => void flow.confirmMetadata(c)}
          onClose={() => flow.setStep(image.sources ? 'tools' : 'idle')}
        />
      )}
      {flow.step === 'counts' && (
        <CountsDialog
          error={flow.countsError}
          onConfirm={(file) => void flow.loadCounts(file)}
          onSkip={flow.skipCounts}
        />
      )}
      {generation.taskId && <ProgressDialog state={generation.progress} />}
    </Box>
  );
}
