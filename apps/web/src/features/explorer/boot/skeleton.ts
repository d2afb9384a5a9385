/**
 * The explorer's page as it first renders on an address that opens a run (the page's chrome held:
 * app/pageChrome.ts), in plain DOM: the app bar's strip, then the explorer's frame built from its description
 * (../layout.ts: the regions, how they nest and their boxes, as the explorer renders them), with the places of the
 * top bar, tool column and legend — so the plots drawn in it are where the explorer's will be. It lies over the page
 * until the explorer takes its canvas.
 */
import { APP_BAR_HEIGHT, BRAND_PRIMARY, PAGE_BACKGROUND } from '../../../app/brand';
import {
  CHROME_PLACES,
  chromePlaceStyle,
  FRAME_TREE,
  frameStyles,
  viewportNow,
  type FrameNode,
  type FrameRegion,
  type FrameStyle,
  type FrameViewport,
} from '../layout';

/** Above the app's own first render (MUI's app bar is 1100, its drawers 1200), below its dialogs and toasts. */
const SKELETON_Z = '1250';

export interface ExplorerSkeleton {
  root: HTMLElement;
  /** Where the plots go (the explorer's plot area between the tool column and the legend). */
  plots: HTMLElement;
}

const box = (style: FrameStyle): HTMLDivElement => {
  const el = document.createElement('div');
  Object.assign(el.style, style);
  return el;
};

/** The frame's regions as elements, nested as FRAME_TREE says; each carries its name in `data-region`. */
function buildFrame(viewport: FrameViewport): Map<FrameRegion, HTMLElement> {
  const styles = frameStyles(viewport);
  const regions = new Map<FrameRegion, HTMLElement>();
  const build = ({ region, children = [] }: FrameNode): HTMLElement => {
    const place = CHROME_PLACES[region];
    const el = box({ ...(place && chromePlaceStyle(place)), ...styles[region] });
    el.dataset.region = region;
    el.append(...children.map(build));
    regions.set(region, el);
    return el;
  };
  build(FRAME_TREE);
  return regions;
}

export function explorerSkeleton(background: string, viewport: FrameViewport = viewportNow()): ExplorerSkeleton {
  const root = box({
    position: 'absolute',
    top: '0',
    left: '0',
    width: '100%',
    minHeight: '100vh',
    zIndex: SKELETON_Z,
    background: PAGE_BACKGROUND,
    display: 'flex',
    flexDirection: 'column',
  });
  root.dataset.testid = 'first-frame';
  const regions = buildFrame(viewport);
  const plots = regions.get('plots')!;
  plots.style.background = background;
  root.append(
    // The shell's app bar as it is while the page holds the chrome (app/shell/TopBar.tsx AppBarFrame).
    box({ height: `${APP_BAR_HEIGHT}px`, flexShrink: '0', background: BRAND_PRIMARY }),
    regions.get(FRAME_TREE.region)!,
  );
  return { root, plots };
}
