/**
 * The explorer's page as it first renders on an address that opens a run (its chrome held: app/plotsFirst.ts), in
 * plain DOM: the app bar's strip, the places of the top bar, tool column and legend, and the plots' element between
 * them — the same sizes from the same constants (../layout.ts, app/brand.ts), so the plots drawn in it are where the
 * explorer's will be. It lies over the page until the explorer takes its canvas.
 */
import { APP_BAR_HEIGHT, BRAND_PRIMARY, PAGE_BACKGROUND } from '../../../app/brand';
import {
  chromePlaceStyle,
  LEGEND_WIDTH,
  LOADING_BAR_HEIGHT,
  PLOTS_ROW_MIN_HEIGHT,
  plotsRowHeight,
  TOOL_COLUMN_WIDTH,
  topBarHeight,
} from '../layout';

/** Above the app's own first render (MUI's app bar is 1100, its drawers 1200), below its dialogs and toasts. */
const SKELETON_Z = '1250';

export interface ExplorerSkeleton {
  root: HTMLElement;
  /** Where the plots go (the explorer's plot area between the tool column and the legend). */
  plots: HTMLElement;
}

const box = (style: Record<string, string>, testId?: string): HTMLDivElement => {
  const el = document.createElement('div');
  Object.assign(el.style, style);
  if (testId) el.dataset.testid = testId;
  return el;
};

export function explorerSkeleton(background: string): ExplorerSkeleton {
  const root = box(
    {
      position: 'absolute',
      top: '0',
      left: '0',
      width: '100%',
      minHeight: '100vh',
      zIndex: SKELETON_Z,
      background: PAGE_BACKGROUND,
      display: 'flex',
      flexDirection: 'column',
    },
    'first-frame',
  );
  const plots = box({ flex: '1', minWidth: '0', position: 'relative', background });
  const row = box({ display: 'flex', height: plotsRowHeight(), minHeight: `${PLOTS_ROW_MIN_HEIGHT}px` });
  row.append(
    box({ ...chromePlaceStyle(false), width: `${TOOL_COLUMN_WIDTH}px` }),
    plots,
    box({ ...chromePlaceStyle(false), width: `${LEGEND_WIDTH}px` }),
  );
  root.append(
    box({ height: `${APP_BAR_HEIGHT}px`, flexShrink: '0', background: BRAND_PRIMARY }),
    box({ ...chromePlaceStyle(true), height: `${topBarHeight()}px` }),
    box({ height: `${LOADING_BAR_HEIGHT}px`, flexShrink: '0' }),
    row,
  );
  return { root, plots };
}
