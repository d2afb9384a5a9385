import { EXPLORER_MSG } from '@atlas/contracts';
import { CHROME_PLACES, chromePlaceStyle, type FrameRegion, type FrameStyle } from '../layout';

interface ChromePlaceProps {
  /** The frame's region the chrome will fill (../layout.ts): its sheet, raised or outlined. */
  region: FrameRegion;
  /** The region's box (frameStyles). */
  style: FrameStyle;
  /** The chrome's module could not be fetched: the place says so. */
  failed?: boolean;
}

/**
 * The place of a bar or column of the explorer while its module loads (./useExplorerChrome.ts): the same box and
 * sheet as the part it keeps, in plain HTML — a page drawing its plots first renders no MUI style here. The cold
 * open's copy (./skeleton.ts) builds the same place from the same description.
 */
export function ChromePlace({ region, style, failed = false }: ChromePlaceProps) {
  return (
    <div
      data-testid="explorer-chrome-place"
      data-region={region}
      role={failed ? 'alert' : undefined}
      style={{ ...chromePlaceStyle(CHROME_PLACES[region] ?? 'outlined'), ...style }}
    >
      {failed && EXPLORER_MSG.toolsNotLoaded}
    </div>
  );
}
