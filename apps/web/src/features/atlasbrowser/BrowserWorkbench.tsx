import Box from '@mui/material/Box';
import type { Roi } from '@atlas/spatial/atlasbrowser';
import type { BwImage } from './bwImage';
import { initialRoi } from './geometry';
import { drawnSize } from './imageOps';
import { GeneratedFolder } from './parts';
import { Stage } from './Stage';
import { ToolPanel } from './ToolPanel';
import type { ImagePair, useImageTransform } from './useImageTransform';
import type { useMaskEditor } from './useMaskEditor';
import type { useRunFlow } from './useRunFlow';
import type { StageView } from './useStageView';
import type { useThreshold } from './useThreshold';

interface BrowserWorkbenchProps {
  view: StageView;
  image: ReturnType<typeof useImageTransform>;
  working: ImagePair;
  /** The image drawn on the stage: BSA, PostB or the thresholded BW. */
  shown: HTMLCanvasElement | BwImage;
  threshold: ReturnType<typeof useThreshold>;
  editor: ReturnType<typeof useMaskEditor>;
  flow: ReturnType<typeof useRunFlow>;
  channels: number;
  /** The tixels' centres in image pixels, for the brush; null until there is an ROI and a barcode file. */
  centres: Float64Array | null;
  onRoi(next: Roi): void;
  onAutofill(): void;
  onGenerate(): void;
  onCheck(): void;
  /** The generated folder, shown under the stage once the job is done; null until then. */
  generatedFolder: { bucket: string; runId: string } | null;
}

/** The processing screen: the tool panel beside the stage, wired to the view, threshold, mask and run state. */
export function BrowserWorkbench(props: BrowserWorkbenchProps) {
  const { view, image, working, shown, threshold, editor, flow, channels, centres, generatedFolder } = props;
  const { roi, mode, scale, brush, gridShown, showCounts } = view;
  const { counts, bounds, updateMode } = flow;
  return (
    <Box sx={{ display: 'flex', gap: 2, flex: 1, minHeight: 0 }}>
      <ToolPanel
        updateMode={updateMode}
        scale={scale}
        onScale={view.setScale}
        rotation={{
          orientation: image.orientation,
          step: image.rotationStep,
          onStep: image.setRotationStep,
          onRotate: (d) => void image.rotate(d),
          onFlip: (axis) => void image.flip(axis),
        }}
        mode={mode}
        onActivateCrop={() => image.activateCrop() && view.setMode('crop')}
        onConfirmCrop={() => image.confirmCrop() && view.setMode('view')}
        onActivateRoi={() => {
          if (!roi) view.setRoi(initialRoi(working.bsa));
          view.setMode('roi');
        }}
        gridShown={gridShown}
        canShowGrid={Boolean(roi && channels)}
        onGrid={view.setGridShown}
        cValue={threshold.cValue}
        neighborhood={threshold.neighborhood}
        onCValue={(v) => {
          threshold.changeC(v);
          view.dropThresholdView();
        }}
        onNeighborhood={(v) => {
          threshold.changeNeighborhood(v);
          view.dropThresholdView();
        }}
        onThreshold={() =>
          void threshold
            .run(working.bsa, drawnSize(working.bsa, scale))
            .then((done) => done && view.setBackground('bw'))
        }
        thresholding={threshold.running}
        background={view.background}
        backgrounds={{ postB: Boolean(working.postB), bsa: true, bw: Boolean(threshold.bw) }}
        onBackground={view.setBackground}
        countsLoaded={Boolean(counts)}
        showCounts={showCounts}
        onShowCounts={(v) => {
          view.setShowCounts(v);
          if (v && roi) view.setGridShown(true);
        }}
        bounds={bounds}
        onBounds={flow.setBounds}
        autofillMethod={threshold.autofillMethod}
        onAutofillMethod={threshold.setAutofillMethod}
        autoThreshold={threshold.autoThreshold}
        canAutofill={
          Boolean((threshold.bw || threshold.autofillMethod === 'otsu') && roi && channels) &&
          !updateMode &&
          !threshold.running
        }
        onAutofill={props.onAutofill}
        canBrush={Boolean(editor.mask && gridShown)}
        onBrushMode={(m) => view.setMode(m ?? 'view')}
        brush={brush}
        onBrush={view.setBrush}
        canUndo={editor.canUndo}
        onUndo={editor.undoStroke}
        onGenerate={props.onGenerate}
        onCheck={props.onCheck}
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
          selectedCorner={view.selectedCorner}
          onSelectCorner={view.setSelectedCorner}
          onRoi={props.onRoi}
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
        {generatedFolder && <GeneratedFolder bucket={generatedFolder.bucket} runId={generatedFolder.runId} />}
      </Box>
    </Box>
  );
}
