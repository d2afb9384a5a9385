import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ImageSearch from '@mui/icons-material/ImageSearch';
import { ATLASBROWSER, ATLASBROWSER_MSG, type TAtlasBrowserConfig, type TGenerateSpatialArgs } from '@atlas/contracts';
import {
  AUTOFILL_THRESHOLD,
  autofill,
  IncompatibleCountsError,
  InvalidBarcodeFileError,
  parseBarcodeFile,
  parseCountsFile,
  type Point,
  type Roi,
  type TixelCounts,
} from '@atlas/spatial/atlasbrowser';
import { useSession } from '../../app/session';
import { useSnackbar } from '../../app/feedback';
import { RunFiles } from '../lab-views/AtlasRunViewer';
import {
  checkSpatialFolder,
  fetchStored,
  fetchStoredText,
  postGenerate,
  pullSlims,
  useBarcodeFiles,
  useBrowserConfig,
  useFieldOptions,
  useGenerateTask,
  useRunsWithImages,
} from './api';
import {
  CountsDialog,
  FolderFoundDialog,
  ImageChoiceDialog,
  MetadataDialog,
  ProgressDialog,
  RunSearchDialog,
  shortName,
  type MetadataChoice,
} from './dialogs';
import {
  clampCrop,
  initialCrop,
  initialRoi,
  pointsOf,
  roiOfPoints,
  snapToParallelogram,
  tixelCentres,
  tixelsInBrush,
  type Box as CropBox,
} from './geometry';
import { canvasFromBlob, canvasOfBw, cropCanvas, imageDataOf, rotateCanvas } from './imageOps';
import { EMPTY_METADATA, metadataFromJson, metadataFromSlims } from './metadata';
import { Stage, type StageMode } from './Stage';
import { ThresholdClient } from './thresholdClient';
import { ToolPanel, type Background } from './ToolPanel';

type Step = 'idle' | 'checking' | 'folderFound' | 'chooseImage' | 'loading' | 'metadata' | 'counts' | 'tools';

interface Sources {
  bsaKey: string;
  bsa: HTMLCanvasElement;
  postB: HTMLCanvasElement | null;
}

/** Existing spatial folder content loaded for update mode or as metadata. */
interface Existing {
  json: Record<string, unknown>;
  mask: Uint8Array | null;
}

const baseName = (key: string) => key.slice(key.lastIndexOf('/') + 1);
const isPostB = (key: string) => /(^|[/_])postB\.[a-z]+$/i.test(key);
const spatialFolder = (config: TAtlasBrowserConfig, run: string) => `${config.root_dir_spatial}/${run}/spatial/`;

/** Clockwise degrees of the server's image route for the tool's counter-clockwise rotation. */
const clockwise = (ccw: number) => (((-ccw % 360) + 360) % 360) as number;

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
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const runId = params.get('run_id') ?? '';
  const bucket = config.bucket_name_bsa;
  const runs = useRunsWithImages(bucket, config.root_dir_bsa);
  const barcodeFiles = useBarcodeFiles(config.barcodes_bucket, config.barcodes_path);
  const options = useFieldOptions();

  const [searchOpen, setSearchOpen] = useState(!runId);
  /** Counts run choices, so choosing the same run again starts over. */
  const [visit, setVisit] = useState(0);
  const [step, setStep] = useState<Step>('idle');
  const [updateMode, setUpdateMode] = useState(false);
  const [existing, setExisting] = useState<Existing | null>(null);
  const [sources, setSources] = useState<Sources | null>(null);
  const [rotation, setRotation] = useState(0);
  const [rotationStep, setRotationStep] = useState<90 | 45>(90);
  const [rotated, setRotated] = useState<{ bsa: HTMLCanvasElement; postB: HTMLCanvasElement | null } | null>(null);
  const [crop, setCrop] = useState<CropBox | null>(null);
  const [cropArea, setCropArea] = useState<[number, number, number, number] | null>(null);
  const [working, setWorking] = useState<{ bsa: HTMLCanvasElement; postB: HTMLCanvasElement | null } | null>(null);
  const [bw, setBw] = useState<{ canvas: HTMLCanvasElement; data: Uint8Array } | null>(null);
  const [background, setBackground] = useState<Background>('bsa');
  const [scale, setScale] = useState<number>(ATLASBROWSER.scale.default);
  const [mode, setMode] = useState<StageMode>('view');
  const [roi, setRoi] = useState<Roi | null>(null);
  const [selectedCorner, setSelectedCorner] = useState(0);
  const [gridShown, setGridShown] = useState(false);
  const [cValue, setCValue] = useState<number>(ATLASBROWSER.threshold.default);
  const [neighborhood, setNeighborhood] = useState<number>(ATLASBROWSER.threshold.default);
  const [thresholding, setThresholding] = useState(false);
  const [mask, setMask] = useState<Uint8Array | null>(null);
  const [brush, setBrush] = useState<number>(ATLASBROWSER.brush.default);
  const [undo, setUndo] = useState<Array<Array<[number, number]>>>([]);
  const stroke = useRef<Map<number, number> | null>(null);
  const [counts, setCounts] = useState<TixelCounts | null>(null);
  const [showCounts, setShowCounts] = useState(false);
  const [bounds, setBounds] = useState({ lower: 0, upper: 1 });
  const [countsError, setCountsError] = useState<string | null>(null);
  const [choice, setChoice] = useState<MetadataChoice>({ metadata: EMPTY_METADATA, barcodeKey: '', mapping: '' });
  const [barcodes, setBarcodes] = useState<{ list: string[]; channels: number; key: string } | null>(null);
  const [barcodeError, setBarcodeError] = useState<string | null>(null);
  const [checkingBarcodes, setCheckingBarcodes] = useState(false);
  const [taskId, setTaskId] = useState<string | null>(null);
  const [showFolder, setShowFolder] = useState(false);
  const task = useGenerateTask(taskId);

  const thresholdClient = useRef<ThresholdClient | null>(null);
  useEffect(() => () => thresholdClient.current?.close(), []);

  const images = useMemo(() => runs.data?.get(runId) ?? [], [runs.data, runId]);
  const channels = barcodes?.channels ?? 0;
  const centres = useMemo(() => (roi && channels ? tixelCentres(roi, channels) : null), [roi, channels]);

  /** Everything about the image goes; the run and its metadata stay. */
  const resetProcessing = useCallback(() => {
    setCrop(null);
    setMode('view');
    setRoi(null);
    setGridShown(false);
    setBw(null);
    setMask(null);
    setUndo([]);
    setShowCounts(false);
    setBackground('bsa');
  }, []);

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

  // A run chosen (or given in the address): does it have a spatial folder?
  // Only a new run choice starts over: a renewed session token or a new snackbar function must not.
  const latest = useRef({ token, snack });
  latest.current = { token, snack };
  useEffect(() => {
    if (!runId) return;
    const { token, snack } = latest.current;
    let live = true;
    resetProcessing();
    setSources(null);
    setWorking(null);
    setRotated(null);
    setExisting(null);
    setUpdateMode(false);
    setShowFolder(false);
    setTaskId(null);
    setStep('checking');
    checkSpatialFolder(config.bucket_name_spatial, runId)
      .then(async (folder) => {
        if (!live) return;
        if (!folder.exists) return setStep('chooseImage');
        const key = `${spatialFolder(config, runId)}metadata.json`;
        if (folder.files.includes(key)) {
          const json = JSON.parse(await fetchStoredText(token, config.bucket_name_spatial, key)) as Record<
            string,
            unknown
          >;
          if (live) setExisting({ json, mask: null });
        }
        if (live) setStep('folderFound');
      })
      .catch((error: Error) => {
        if (!live) return;
        snack(error.message, { color: 'error' });
        setStep('idle');
      });
    return () => {
      live = false;
    };
  }, [runId, visit, config, resetProcessing]);

  /** After the image: metadata from the folder, else from SLIMS when configured. */
  const openMetadata = async (json: Record<string, unknown> | null) => {
    if (json) {
      const key = barcodeFiles.data?.find((k) => baseName(k) === json.barcode_filename) ?? '';
      setChoice({ metadata: metadataFromJson(json), barcodeKey: key, mapping: '' });
      snack(ATLASBROWSER_MSG.metadataLoaded, { color: 'info' });
    } else if (config.slims) {
      snack(ATLASBROWSER_MSG.pullingFromSlims, { color: 'info' });
      try {
        const { metadata, mapping } = metadataFromSlims(await pullSlims(runId));
        const file = config.barcode_mapping.find((m) => m.label === mapping)?.file;
        const key = barcodeFiles.data?.find((k) => baseName(k) === file) ?? '';
        setChoice({ metadata, barcodeKey: key, mapping });
      } catch {
        snack(ATLASBROWSER_MSG.slimsPullFailed, { color: 'error' });
      }
    }
    setStep('metadata');
  };

  const loadImage = async (bsaKey: string) => {
    setStep('loading');
    try {
      const bsa = await canvasFromBlob(await fetchStored(token, bucket, bsaKey));
      const postBKey = images.find((k) => k !== bsaKey && isPostB(k));
      const postB = postBKey ? await canvasFromBlob(await fetchStored(token, bucket, postBKey)) : null;
      setSources({ bsaKey, bsa, postB });
      setRotation(0);
      setRotated({ bsa, postB });
      setWorking({ bsa, postB });
      setCropArea(null);
      await openMetadata(existing?.json ?? null);
    } catch {
      snack(ATLASBROWSER_MSG.imageLoadFailed, { color: 'error' });
      setStep('idle');
    }
  };

  const reprocess = () => {
    setUpdateMode(false);
    setStep('chooseImage');
  };
  useEffect(() => {
    if (step !== 'chooseImage' || updateMode || runs.isPending) return;
    if (images.length === 0) {
      snack(ATLASBROWSER_MSG.noImagesInFolder, { color: 'error' });
      setStep('idle');
    } else if (images.length === 1) void loadImage(images[0]!);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per step change
  }, [step, runs.isPending]);

  /** Update mode: the folder's cropped BSA source and its points, mask and metadata; no rotation, crop or threshold. */
  const update = async () => {
    setUpdateMode(true);
    setStep('loading');
    const folder = spatialFolder(config, runId);
    try {
      const json = existing?.json;
      if (!json || !Array.isArray(json.points)) throw new Error(ATLASBROWSER_MSG.imageLoadFailed);
      const bsa = await canvasFromBlob(
        await fetchStored(token, config.bucket_name_spatial, `${folder}figure/postB_BSA.png`),
      );
      const postB = await fetchStored(token, config.bucket_name_spatial, `${folder}figure/postB.png`)
        .then(canvasFromBlob)
        .catch(() => null);
      const n = Number(json.numChannels);
      const positions = await fetchStoredText(token, config.bucket_name_spatial, `${folder}tissue_positions_list.csv`);
      const loaded = new Uint8Array(n * n);
      for (const line of positions.split(/\r?\n/)) {
        const cells = line.split(',');
        if (cells.length < 4 || !/^\d+$/.test(cells[2]!)) continue;
        loaded[Number(cells[2]) * n + Number(cells[3])] = cells[1] === '1' ? 1 : 0;
      }
      const points = roiOfPoints(json.points as number[]);
      setSources({ bsaKey: `${folder}figure/postB_BSA.png`, bsa, postB });
      setRotated({ bsa, postB });
      setWorking({ bsa, postB });
      const orientation = json.orientation as { rotation?: number } | undefined;
      setRotation(Number(orientation?.rotation ?? 0));
      setCropArea((json.crop_area as [number, number, number, number] | undefined) ?? [0, 0, bsa.width, bsa.height]);
      setRoi(json.grid ? points : snapToParallelogram(points));
      setExisting({ json, mask: loaded });
      await openMetadata(json);
    } catch {
      snack(ATLASBROWSER_MSG.imageLoadFailed, { color: 'error' });
      setStep('idle');
    }
  };

  const confirmMetadata = async (picked: MetadataChoice) => {
    setCheckingBarcodes(true);
    setBarcodeError(null);
    try {
      const text = await fetchStoredText(token, config.barcodes_bucket, picked.barcodeKey);
      const { barcodes: list, channels: n } = parseBarcodeFile(text, ATLASBROWSER_MSG.invalidBarcodeFile);
      if (updateMode && existing?.json.numChannels !== undefined && Number(existing.json.numChannels) !== n)
        throw new InvalidBarcodeFileError(ATLASBROWSER_MSG.invalidBarcodeFile);
      setBarcodes({ list, channels: n, key: picked.barcodeKey });
      setChoice(picked);
      if (updateMode && existing?.mask) {
        setMask(existing.mask);
        setGridShown(true);
      }
      setStep('counts');
    } catch (error) {
      setBarcodeError(error instanceof InvalidBarcodeFileError ? error.message : ATLASBROWSER_MSG.invalidBarcodeFile);
    } finally {
      setCheckingBarcodes(false);
    }
  };

  const loadCounts = async (file: File) => {
    try {
      const parsed = parseCountsFile(await file.text(), channels, ATLASBROWSER_MSG.incompatibleFile);
      setCounts(parsed);
      const round = (v: number) => Math.round(v * 100) / 100;
      setBounds({ lower: round(parsed.lower), upper: round(parsed.upper) });
      setCountsError(null);
      snack(ATLASBROWSER_MSG.countsLoaded, { color: 'success' });
      setStep('tools');
    } catch (error) {
      setCountsError(error instanceof IncompatibleCountsError ? error.message : ATLASBROWSER_MSG.incompatibleFile);
    }
  };

  // ---- tools ----
  const rotate = async (direction: 'left' | 'right') => {
    if (!sources) return;
    const next = (((rotation + (direction === 'left' ? rotationStep : -rotationStep)) % 360) + 360) % 360;
    resetProcessing();
    setCropArea(null);
    try {
      const bsa = rotateCanvas(sources.bsa, next);
      const postB = sources.postB ? rotateCanvas(sources.postB, next) : null;
      setRotated({ bsa, postB });
      setWorking({ bsa, postB });
    } catch {
      // The canvas could not be made (too large for this browser): the server turns the image instead.
      try {
        const bsa = await canvasFromBlob(
          await fetchStored(token, bucket, sources.bsaKey, { rotation: clockwise(next) }),
        );
        setRotated({ bsa, postB: null });
        setWorking({ bsa, postB: null });
      } catch {
        snack(ATLASBROWSER_MSG.imageLoadFailed, { color: 'error' });
        return;
      }
    }
    setRotation(next);
  };

  const activateCrop = () => {
    if (!rotated) return;
    resetProcessing();
    setWorking(rotated);
    setCropArea(null);
    setCrop(initialCrop(rotated.bsa));
    setMode('crop');
  };
  const onCrop = (box: CropBox, clamped: boolean) => {
    setCrop(box);
    if (clamped) snack(ATLASBROWSER_MSG.keepCroppingOnImage, { color: 'warning' });
  };
  const confirmCrop = () => {
    if (!rotated || !crop) return;
    const box = clampCrop(crop, rotated.bsa).box;
    setWorking({ bsa: cropCanvas(rotated.bsa, box), postB: rotated.postB ? cropCanvas(rotated.postB, box) : null });
    setCropArea([box.x, box.y, box.x + box.side, box.y + box.side]);
    setMode('view');
    setCrop(null);
  };

  const activateRoi = () => {
    if (!working) return;
    if (!roi) setRoi(initialRoi(working.bsa));
    setMode('roi');
  };
  const onRoi = (next: Roi) => {
    setRoi(next);
    // Dragging the ROI clears the tixel grid (spec 02 §4.3).
    setGridShown(false);
    setMask(null);
    setUndo([]);
    setShowCounts(false);
  };

  const runThreshold = async () => {
    if (!working) return;
    setThresholding(true);
    try {
      thresholdClient.current ??= new ThresholdClient();
      const { bw: data } = await thresholdClient.current.threshold(imageDataOf(working.bsa), neighborhood, cValue);
      setBw({ canvas: canvasOfBw(data, working.bsa.width, working.bsa.height), data });
      setBackground('bw');
    } catch (error) {
      snack((error as Error).message, { color: 'error' });
    } finally {
      setThresholding(false);
    }
  };
  const changeThreshold = (set: (v: number) => void) => (v: number) => {
    set(v);
    // Changing C or the neighbourhood resets 'thresholded'.
    setBw(null);
    setBackground((b) => (b === 'bw' ? 'bsa' : b));
  };

  const runAutofill = () => {
    if (!bw || !roi || !working || !channels) return;
    const filled = autofill(
      { width: working.bsa.width, height: working.bsa.height, data: bw.data },
      roi,
      channels,
      AUTOFILL_THRESHOLD,
    );
    setMask(filled);
    setUndo([]);
    setGridShown(true);
  };

  const brushAt = (p: Point) => {
    if (!mask || !centres || (mode !== 'fill' && mode !== 'erase')) return;
    const value = mode === 'fill' ? 1 : 0;
    const hit = tixelsInBrush(centres, p, brush / scale);
    // Pointer events can come faster than renders: work on the latest mask.
    setMask((current) => {
      if (!current) return current;
      const changed = hit.filter((i) => current[i] !== value);
      if (!changed.length) return current;
      const next = current.slice();
      for (const i of changed) {
        if (!stroke.current?.has(i)) stroke.current?.set(i, current[i]!);
        next[i] = value;
      }
      return next;
    });
  };
  const endStroke = () => {
    const done = stroke.current;
    stroke.current = null;
    if (done?.size) setUndo((u) => [...u, [...done.entries()]]);
  };
  const undoStroke = useCallback(() => {
    setUndo((u) => {
      const last = u.at(-1);
      if (!last) return u;
      setMask((m) => {
        if (!m) return m;
        const next = m.slice();
        for (const [i, previous] of last) next[i] = previous;
        return next;
      });
      return u.slice(0, -1);
    });
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        undoStroke();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undoStroke]);

  const generate = async () => {
    if (!barcodes) return snack(ATLASBROWSER_MSG.selectBarcodeFirst, { color: 'warning' });
    if (!working || !roi || !mask || !sources) return snack(ATLASBROWSER_MSG.processingNotDone, { color: 'warning' });
    const n = barcodes.channels;
    const maskEntries: TGenerateSpatialArgs['mask'] = [];
    for (let row = 0; row < n; row++)
      for (let col = 0; col < n; col++) maskEntries.push({ position: [row, col], value: mask[row * n + col] ? 1 : 0 });
    const crop_area = cropArea ?? [0, 0, working.bsa.width, working.bsa.height];
    const args: TGenerateSpatialArgs = {
      run_id: runId,
      files: updateMode ? [] : images,
      bsa_filename: sources.bsaKey,
      crop_area,
      mask: maskEntries,
      metadata: {
        ...(existing?.json ?? {}),
        ...choice.metadata,
        points: pointsOf(roi),
        numChannels: n,
        blockSize: neighborhood,
        cValue,
        threshold: AUTOFILL_THRESHOLD,
        grid: 'bilinear',
        barcode_mapping: choice.mapping,
      },
      orientation: { rotation, horizontal_flip: false, vertical_flip: false },
      barcode_filename: baseName(barcodes.key),
      barcode_list: barcodes.list,
      bucket_name_bsa: bucket,
      bucket_name_spatial: config.bucket_name_spatial,
      root_dir_bsa: config.root_dir_bsa,
      root_dir_spatial: config.root_dir_spatial,
      updating_existing: updateMode,
    };
    try {
      const posted = await postGenerate(args as unknown as Record<string, unknown>);
      setShowFolder(false);
      setTaskId(posted._id);
    } catch {
      snack(ATLASBROWSER_MSG.generateFailed, { color: 'error' });
    }
  };

  // The task's end.
  const finalStatus = task.data?.status;
  useEffect(() => {
    if (!taskId || !finalStatus) return;
    if (finalStatus === 'SUCCESS') {
      snack(ATLASBROWSER_MSG.spatialFolderUploaded, { color: 'success' });
      setTaskId(null);
      void queryClient.invalidateQueries({ queryKey: ['lab-views'] });
      void queryClient.invalidateQueries({ queryKey: ['atlasbrowser', 'runs'] });
      setShowFolder(true);
    } else if (finalStatus === 'FAILURE') {
      snack(ATLASBROWSER_MSG.workerFailed, { color: 'error' });
      setTaskId(null);
    }
  }, [finalStatus, taskId, snack, queryClient]);

  const check = async () => {
    try {
      const folder = await checkSpatialFolder(config.bucket_name_spatial, runId);
      snack(folder.exists ? ATLASBROWSER_MSG.spatialFolderExists(runId) : ATLASBROWSER_MSG.noSpatialFolderYet(runId), {
        color: folder.exists ? 'success' : 'info',
      });
      void queryClient.invalidateQueries({ queryKey: ['lab-views'] });
      setShowFolder(folder.exists);
    } catch (error) {
      snack((error as Error).message, { color: 'error' });
    }
  };

  const shown = working
    ? background === 'bw' && bw
      ? bw.canvas
      : background === 'postB' && working.postB
        ? working.postB
        : working.bsa
    : null;
  const countsOverlay = showCounts && counts ? { values: counts.values, ...bounds } : null;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, p: 2, flex: 1, minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography variant="h5" component="h1">
          AtlasXbrowser
        </Typography>
        {runId && (
          <Typography variant="subtitle1" color="text.secondary">
            {runId}
            {sources && ` · ${shortName(baseName(sources.bsaKey))}`}
            {updateMode && ' · updating the existing spatial folder'}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        {sources && step === 'tools' && (
          <Button variant="outlined" onClick={() => setStep('metadata')}>
            Edit Metadata
          </Button>
        )}
        <Button variant="outlined" startIcon={<ImageSearch />} onClick={() => setSearchOpen(true)}>
          Choose Run
        </Button>
      </Box>

      {step === 'tools' && working && shown ? (
        <Box sx={{ display: 'flex', gap: 2, flex: 1, minHeight: 0 }}>
          <ToolPanel
            updateMode={updateMode}
            scale={scale}
            onScale={setScale}
            rotationStep={rotationStep}
            onRotationStep={setRotationStep}
            onRotate={(d) => void rotate(d)}
            mode={mode}
            onActivateCrop={activateCrop}
            onConfirmCrop={confirmCrop}
            onActivateRoi={activateRoi}
            gridShown={gridShown}
            canShowGrid={Boolean(roi && channels)}
            onGrid={setGridShown}
            cValue={cValue}
            neighborhood={neighborhood}
            onCValue={changeThreshold(setCValue)}
            onNeighborhood={changeThreshold(setNeighborhood)}
            onThreshold={() => void runThreshold()}
            thresholding={thresholding}
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
            onBounds={setBounds}
            canAutofill={Boolean(bw && roi && channels) && !updateMode}
            onAutofill={runAutofill}
            canBrush={Boolean(mask && gridShown)}
            onBrushMode={(m) => setMode(m ?? 'view')}
            brush={brush}
            onBrush={(v) => setBrush(Math.min(ATLASBROWSER.brush.max, Math.max(ATLASBROWSER.brush.min, v)))}
            canUndo={undo.length > 0}
            onUndo={undoStroke}
            onGenerate={() => void generate()}
            onCheck={() => void check()}
            onTissueCount={mask ? mask.reduce((a, b) => a + b, 0) : null}
          />
          <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, gap: 2 }}>
            <Stage
              image={shown}
              scale={scale}
              mode={mode}
              crop={crop}
              onCrop={onCrop}
              roi={roi}
              selectedCorner={selectedCorner}
              onSelectCorner={setSelectedCorner}
              onRoi={onRoi}
              grid={gridShown && channels ? { channels } : null}
              mask={mask}
              counts={countsOverlay}
              brush={brush}
              onBrushStart={() => (stroke.current = new Map())}
              onBrush={brushAt}
              onBrushEnd={endStroke}
            />
            {showFolder && <GeneratedFolder bucket={config.bucket_name_spatial} runId={runId} />}
          </Box>
        </Box>
      ) : showFolder ? (
        <GeneratedFolder bucket={config.bucket_name_spatial} runId={runId} />
      ) : step === 'checking' || step === 'loading' ? (
        <CircularProgress sx={{ m: 4 }} aria-label="Loading run" />
      ) : (
        <Paper variant="outlined" sx={{ p: 4, flex: 1, textAlign: 'center' }}>
          <Box
            component="img"
            src="/atlasxbrowser-welcome.svg"
            alt="AtlasXbrowser: a chip image with its tixel grid"
            sx={{ width: 220, maxWidth: '60%' }}
          />
          <Typography variant="h5" component="h2" sx={{ mt: 1 }}>
            Welcome to AtlasXbrowser
          </Typography>
          <Typography color="text.secondary">
            Choose a run to turn its chip image into a spatial folder: rotate, crop, place the region of interest,
            threshold and mark the tixels on tissue.
          </Typography>
        </Paper>
      )}

      <RunSearchDialog
        open={searchOpen}
        runs={[...(runs.data?.keys() ?? [])].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))}
        loading={runs.isPending}
        error={runs.error?.message ?? null}
        onChoose={chooseRun}
        onClose={() => setSearchOpen(false)}
      />
      {step === 'folderFound' && (
        <FolderFoundDialog run={runId} onUpdate={() => void update()} onReprocess={reprocess} />
      )}
      {step === 'chooseImage' && images.length > 1 && (
        <ImageChoiceDialog images={images} onSubmit={(key) => void loadImage(key)} onClose={() => setStep('idle')} />
      )}
      {step === 'metadata' && (
        <MetadataDialog
          run={runId}
          initial={choice}
          options={options.data}
          barcodeFiles={barcodeFiles.data ?? []}
          mapping={config.barcode_mapping}
          slims={config.slims}
          barcodeError={barcodeError}
          checking={checkingBarcodes}
          onConfirm={(c) => void confirmMetadata(c)}
          onClose={() => setStep(sources ? 'tools' : 'idle')}
        />
      )}
      {step === 'counts' && (
        <CountsDialog
          error={countsError}
          onConfirm={(file) => void loadCounts(file)}
          onSkip={() => {
            setCountsError(null);
            setStep('tools');
          }}
        />
      )}
      {taskId && <ProgressDialog state={task.data} />}
    </Box>
  );
}

/** The written folder in the Atlas Run Viewer's file list, and the way to the explorer. */
function GeneratedFolder({ bucket, runId }: { bucket: string; runId: string }) {
  const [file, setFile] = useState<string | null>(null);
  return (
    <Box component="section" aria-label="Spatial folder" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography variant="h6" component="h2">
          Spatial folder of {runId}
        </Typography>
        <Button component={RouterLink} to={`/?component=AtlasXplore&run_id=${runId}`} variant="contained">
          Open in AtlasXplore
        </Button>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, minHeight: 300 }}>
        <RunFiles bucket={bucket} runId={runId} file={file} onFile={setFile} />
      </Box>
    </Box>
  );
}
