import type { RotationToolsProps } from './RotationTools';
import type { StageMode } from './Stage';
import type { AutofillMethod } from './useThreshold';

export type Background = 'postB' | 'bsa' | 'bw';

export interface ToolPanelProps {
  updateMode: boolean;
  scale: number;
  onScale(v: number): void;
  rotation: RotationToolsProps;
  mode: StageMode;
  onActivateCrop(): void;
  onConfirmCrop(): void;
  onActivateRoi(): void;
  gridShown: boolean;
  canShowGrid: boolean;
  onGrid(show: boolean): void;
  cValue: number;
  neighborhood: number;
  onCValue(v: number): void;
  onNeighborhood(v: number): void;
  onThreshold(): void;
  thresholding: boolean;
  background: Background;
  backgrounds: Record<Background, boolean>;
  onBackground(b: Background): void;
  countsLoaded: boolean;
  showCounts: boolean;
  onShowCounts(v: boolean): void;
  bounds: { lower: number; upper: number };
  onBounds(b: { lower: number; upper: number }): void;
  autofillMethod: AutofillMethod;
  onAutofillMethod(m: AutofillMethod): void;
  /** The last automatic threshold applied, when there is one. */
  autoThreshold: number | null;
  canAutofill: boolean;
  onAutofill(): void;
  canBrush: boolean;
  onBrushMode(mode: 'fill' | 'erase' | null): void;
  brush: number;
  onBrush(v: number): void;
  canUndo: boolean;
  onUndo(): void;
  onGenerate(): void;
  onCheck(): void;
  onTissueCount: number | null;
}
