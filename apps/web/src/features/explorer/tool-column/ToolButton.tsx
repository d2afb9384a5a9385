import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

/** One icon button of the explorer's left tool column, named by its tooltip (spec 03 §2.1 names). */
export function ToolButton({
  title,
  active = false,
  disabled = false,
  onClick,
  testId,
  children,
}: {
  title: string;
  active?: boolean;
  disabled?: boolean;
  onClick: (event: React.MouseEvent<HTMLElement>) => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Tooltip title={title} placement="right">
      <span>
        <IconButton
          size="small"
          aria-label={title}
          aria-pressed={active}
          data-testid={testId}
          disabled={disabled}
          onClick={onClick}
          color={active ? 'primary' : 'default'}
          sx={active ? { bgcolor: 'action.selected' } : undefined}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}
