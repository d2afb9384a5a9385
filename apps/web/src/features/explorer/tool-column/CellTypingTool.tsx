/** Cell Typing (spec 03 §2.1 tool column): opens the Cell Type Mapping dialog. */
import { useState } from 'react';
import Category from '@mui/icons-material/Category';
import { CellTypeDialog } from '../dialogs/CellTypeDialog';
import { useExplorer } from '../state/store';
import { ToolButton } from './ToolButton';

export function CellTypingTool() {
  const run = useExplorer((s) => s.run);
  const [open, setOpen] = useState(false);
  return (
    <>
      <ToolButton title="Cell Typing" onClick={() => setOpen(true)} disabled={!run}>
        <Category fontSize="small" />
      </ToolButton>
      <CellTypeDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
