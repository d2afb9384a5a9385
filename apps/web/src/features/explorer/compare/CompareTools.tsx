/** Atlas Compare's pointer tools (pan, lasso, rectangle) and zoom buttons. */
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import CenterFocusStrong from '@mui/icons-material/CenterFocusStrong';
import CropSquare from '@mui/icons-material/CropSquare';
import Gesture from '@mui/icons-material/Gesture';
import PanTool from '@mui/icons-material/PanTool';
import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import { ZOOM_IN_FACTOR, ZOOM_OUT_FACTOR } from '@atlas/viz';

export type Tool = 'pan' | 'lasso' | 'quad';

export function CompareTools({
  tool,
  onTool,
  onZoom,
  onFit,
}: {
  tool: Tool;
  onTool: (tool: Tool) => void;
  onZoom: (factor: number) => void;
  onFit: () => void;
}) {
  return (
    <Box sx={{ display: 'flex' }}>
      {(
        [
          ['pan', 'Pan and zoom', <PanTool key="i" />],
          ['lasso', 'Lasso select', <Gesture key="i" />],
          ['quad', 'Rectangle select', <CropSquare key="i" />],
        ] as const
      ).map(([value, label, icon]) => (
        <Tooltip key={value} title={label}>
          <IconButton
            aria-label={label}
            aria-pressed={tool === value}
            color={tool === value ? 'primary' : 'default'}
            onClick={() => onTool(value)}
          >
            {icon}
          </IconButton>
        </Tooltip>
      ))}
      <Tooltip title="Zoom in (×1.1)">
        <IconButton aria-label="Zoom in" onClick={() => onZoom(ZOOM_IN_FACTOR)}>
          <ZoomIn />
        </IconButton>
      </Tooltip>
      <Tooltip title="Zoom out (×0.9)">
        <IconButton aria-label="Zoom out" onClick={() => onZoom(ZOOM_OUT_FACTOR)}>
          <ZoomOut />
        </IconButton>
      </Tooltip>
      <Tooltip title="Fit to view">
        <IconButton aria-label="Fit to view" onClick={() => onFit()}>
          <CenterFocusStrong />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
