import { EXPLORER_MSG } from '@atlas/contracts';

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
      style={{
        width,
        height,
        flexShrink: 0,
        display: 'flex',
        alignItems: 'center',
        padding: '0 16px',
        boxSizing: 'border-box',
        background: '#fff',
        color: '#d32f2f',
        font: '400 0.875rem/1.43 "Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
        ...(raised
          ? { boxShadow: '0 2px 1px -1px rgba(0,0,0,0.2), 0 1px 1px 0 rgba(0,0,0,0.14), 0 1px 3px 0 rgba(0,0,0,0.12)' }
          : { border: '1px solid rgba(0,0,0,0.12)' }),
      }}
    >
      {failed && EXPLORER_MSG.toolsNotLoaded}
    </div>
  );
}
