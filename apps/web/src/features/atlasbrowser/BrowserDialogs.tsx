import type { TAtlasBrowserConfig } from '@atlas/contracts';
import { useFieldOptions } from './api';
import {
  CountsDialog,
  FolderFoundDialog,
  ImageChoiceDialog,
  MetadataDialog,
  ProgressDialog,
  RunSearchDialog,
} from './dialogs';
import { isPostB } from './generateArgs';
import type { useGeneration } from './useGeneration';
import type { useRunFlow } from './useRunFlow';

interface BrowserDialogsProps {
  config: TAtlasBrowserConfig;
  runId: string;
  flow: ReturnType<typeof useRunFlow>;
  generation: ReturnType<typeof useGeneration>;
  /** Whether an image is loaded: closing the metadata dialog then goes back to the tools. */
  hasImage: boolean;
  searchOpen: boolean;
  onChooseRun(run: string): void;
  onCloseSearch(): void;
}

/** The run flow's dialogs, one per step: run search, existing folder, image choice, metadata, counts, progress. */
export function BrowserDialogs({ config, runId, flow, generation, hasImage, ...search }: BrowserDialogsProps) {
  const options = useFieldOptions();
  const { images } = flow;
  return (
    <>
      <RunSearchDialog
        open={search.searchOpen}
        runs={[...(flow.runs.data?.keys() ?? [])].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))}
        loading={flow.runs.isPending}
        error={flow.runs.error?.message ?? null}
        onChoose={search.onChooseRun}
        onClose={search.onCloseSearch}
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
          barcodeFiles={flow.barcodeFiles.data}
          barcodeFilesError={flow.barcodeFiles.error?.message ?? null}
          mapping={config.barcode_mapping}
          slims={config.slims}
          barcodeError={flow.barcodeError}
          checking={flow.checkingBarcodes}
          onConfirm={(c) => void flow.confirmMetadata(c)}
          onClose={() => flow.setStep(hasImage ? 'tools' : 'idle')}
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
    </>
  );
}
