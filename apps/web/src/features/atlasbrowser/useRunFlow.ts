import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { ATLASBROWSER_MSG, type TAtlasBrowserConfig } from '@atlas/contracts';
import {
  IncompatibleCountsError,
  InvalidBarcodeFileError,
  parseBarcodeFile,
  parseCountsFile,
  type TixelCounts,
} from '@atlas/spatial/atlasbrowser';
import type { ShowSnack } from '../../app/feedback';
import { checkSpatialFolder, fetchStored, fetchStoredText, pullSlims, useBarcodeFiles, useRunsWithImages } from './api';
import type { MetadataChoice } from './dialogs';
import { FolderNotUpdatableError, loadExistingFolder, spatialFolder, type ExistingFolder } from './existingFolder';
import { baseName, isPostB } from './generateArgs';
import { canvasFromBlob } from './imageOps';
import { EMPTY_METADATA, metadataFromJson, metadataFromSlims } from './metadata';
import type { useImageTransform } from './useImageTransform';

export type Step = 'idle' | 'checking' | 'folderFound' | 'chooseImage' | 'loading' | 'metadata' | 'counts' | 'tools';
export interface Barcodes {
  list: string[];
  channels: number;
  key: string;
}

/**
 * The dialogs between choosing a run and the tools (spec 02 §2.8): spatial folder found → Update / Reprocess,
 * the BSA image choice, metadata (from the folder, else SLIMS) with the barcode file, and the counts file.
 */
export function useRunFlow(opts: {
  config: TAtlasBrowserConfig;
  runId: string;
  /** Counts run choices, so choosing the same run again starts over. */
  visit: number;
  token: string | null;
  snack: ShowSnack;
  image: ReturnType<typeof useImageTransform>;
  /** A new run: everything about the previous one goes. */
  onNewRun(): void;
  /** Update mode: the folder's ROI is back; its tixels come back once the barcode file is confirmed. */
  onFolderLoaded(folder: ExistingFolder): void;
  onFolderTixels(mask: Uint8Array): void;
}) {
  const { config, runId, token, snack, image } = opts;
  const bucket = config.bucket_name_bsa;
  const runs = useRunsWithImages(bucket, config.root_dir_bsa);
  const barcodeFiles = useBarcodeFiles(config.barcodes_bucket, config.barcodes_path);
  const [step, setStep] = useState<Step>('idle');
  const [updateMode, setUpdateMode] = useState(false);
  /** The run's spatial folder metadata.json, when it has one. */
  const [existing, setExisting] = useState<Record<string, unknown> | null>(null);
  const [folderMask, setFolderMask] = useState<Uint8Array | null>(null);
  const [choice, setChoice] = useState<MetadataChoice>({ metadata: EMPTY_METADATA, barcodeKey: '', mapping: '' });
  const [barcodes, setBarcodes] = useState<Barcodes | null>(null);
  const [barcodeError, setBarcodeError] = useState<string | null>(null);
  const [checkingBarcodes, setCheckingBarcodes] = useState(false);
  const [counts, setCounts] = useState<TixelCounts | null>(null);
  const [bounds, setBounds] = useState({ lower: 0, upper: 1 });
  const [countsError, setCountsError] = useState<string | null>(null);
  const images = useMemo(() => runs.data?.get(runId) ?? [], [runs.data, runId]);

  // A run chosen (or given in the address): does it have a spatial folder?
  // Only a new run choice starts over: a renewed session token or a new snackbar function must not.
  const latest = useRef(opts);
  latest.current = opts;
  useEffect(() => {
    if (!runId) return;
    const { token, snack, image, onNewRun } = latest.current;
    let live = true;
    onNewRun();
    image.start(null, null);
    setExisting(null);
    setFolderMask(null);
    setUpdateMode(false);
    setStep('checking');
    checkSpatialFolder(config.bucket_name_spatial, runId)
      .then(async (folder) => {
        if (!live) return;
        if (!folder.exists) return setStep('chooseImage');
        const key = `${spatialFolder(config, runId)}metadata.json`;
        if (folder.files.includes(key)) {
          const json = JSON.parse(await fetchStoredText(token, config.bucket_name_spatial, key));
          if (live) setExisting(json as Record<string, unknown>);
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
  }, [runId, opts.visit, config]);

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

  /** `postBKey`: the user's choice in the image dialog (null: none); by default the image named postB. */
  const loadImage = async (bsaKey: string, postBKey = images.find((k) => k !== bsaKey && isPostB(k)) ?? null) => {
    setStep('loading');
    try {
      const bsa = await canvasFromBlob(await fetchStored(token, bucket, bsaKey));
      const postB = postBKey ? await canvasFromBlob(await fetchStored(token, bucket, postBKey)) : null;
      image.start({ bsaKey, bsa, postB, postBKey }, null);
      await openMetadata(existing);
    } catch {
      snack(ATLASBROWSER_MSG.imageLoadFailed, { color: 'error' });
      setStep('idle');
    }
  };

  // Once per arrival at the image choice (with the runs listed): a folder with no image or with one needs no choice.
  // An effect event, so that the folder's images and the update mode are read as they are then, not followed.
  const skipImageChoice = useEffectEvent(() => {
    if (updateMode) return;
    if (images.length === 0) {
      snack(ATLASBROWSER_MSG.noImagesInFolder, { color: 'error' });
      setStep('idle');
    } else if (images.length === 1) void loadImage(images[0]!);
  });
  useEffect(() => {
    if (step === 'chooseImage' && !runs.isPending) skipImageChoice();
  }, [step, runs.isPending]);

  return {
    runs,
    barcodeFiles,
    images,
    step,
    setStep,
    updateMode,
    existing,
    choice,
    barcodes,
    barcodeError,
    checkingBarcodes,
    counts,
    bounds,
    setBounds,
    countsError,
    loadImage,
    reprocess() {
      setUpdateMode(false);
      setStep('chooseImage');
    },
    async update() {
      setUpdateMode(true);
      setStep('loading');
      try {
        const folder = await loadExistingFolder(token, config, runId, existing ?? undefined);
        image.start(folder.sources, folder);
        setFolderMask(folder.mask);
        opts.onFolderLoaded(folder);
        await openMetadata(existing);
      } catch (error) {
        const message = error instanceof FolderNotUpdatableError ? error.message : ATLASBROWSER_MSG.imageLoadFailed;
        snack(message, { color: 'error' });
        setStep('idle');
      }
    },
    async confirmMetadata(picked: MetadataChoice) {
      setCheckingBarcodes(true);
      setBarcodeError(null);
      try {
        const text = await fetchStoredText(token, config.barcodes_bucket, picked.barcodeKey);
        const { barcodes: list, channels } = parseBarcodeFile(text, ATLASBROWSER_MSG.invalidBarcodeFile);
        if (updateMode && existing?.numChannels !== undefined && Number(existing.numChannels) !== channels)
          throw new InvalidBarcodeFileError(ATLASBROWSER_MSG.invalidBarcodeFile);
        setBarcodes({ list, channels, key: picked.barcodeKey });
        setChoice(picked);
        if (updateMode && folderMask) opts.onFolderTixels(folderMask);
        setStep('counts');
      } catch (error) {
        setBarcodeError(error instanceof InvalidBarcodeFileError ? error.message : ATLASBROWSER_MSG.invalidBarcodeFile);
      } finally {
        setCheckingBarcodes(false);
      }
    },
    async loadCounts(file: File) {
      try {
        const parsed = parseCountsFile(await file.text(), barcodes?.channels ?? 0, ATLASBROWSER_MSG.incompatibleFile);
        setCounts(parsed);
        const round = (v: number) => Math.round(v * 100) / 100;
        setBounds({ lower: round(parsed.lower), upper: round(parsed.upper) });
        setCountsError(null);
        snack(ATLASBROWSER_MSG.countsLoaded, { color: 'success' });
        setStep('tools');
      } catch (error) {
        setCountsError(error instanceof IncompatibleCountsError ? error.message : ATLASBROWSER_MSG.incompatibleFile);
      }
    },
    skipCounts() {
      setCountsError(null);
      setStep('tools');
    },
  };
}
