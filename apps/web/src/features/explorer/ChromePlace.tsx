import { EXPLORER_MSG } from '@atlas/contracts';
import { chromePlaceStyle } from './layout';

interface ChromePlaceProps {
  width?: number;
  height?: number;
  /** The top bar's place (a raised sheet); a column's is outlined. */
  raised?: boolean;
  /** The chrome's module could not be fetched: the place says so. */
  failed?: boolean;
}

/**
 * The place of a bar or column of the explorer while its module loads (useExplorerChrome.ts): the same size and
 * sheet as the part it keeps, in plain HTML — a page drawing its plots first renders no MUI style here.
 */
export function ChromePlace({ width, height, raised = false, failed = false }: ChromePlaceProps) {
  return (
    <div
      data-testid="explorer-chrome-place"
      role={failed ? 'alert' : undefined}
      style={{ ...chromePlaceStyle(raised), width, height }}
    >
      {failed && EXPLORER_MSG.toolsNotLoaded}
    </div>
  );
}
