import { useState } from 'react';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Category from '@mui/icons-material/Category';
import Image from '@mui/icons-material/Image';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Link from '@mui/icons-material/Link';
import SaveAlt from '@mui/icons-material/SaveAlt';
import Web from '@mui/icons-material/Web';
import { EXPLORER_MSG, hasGroupAccess } from '@atlas/contracts';
import { useSnackbar } from '../../../app/feedback';
import { useGroups, useSession } from '../../../app/session';
import { useRunData } from '../data/api';
import { useExplorer } from '../state/store';
import { ToolButton } from './ToolButton';
import { publicLinkOf, putFrontPage } from '../data/panelsApi';
import { downloadBlob } from '../../../components/download';
import { capturePng, captureSpatialThumbnail, displayFileName, findPlotsCanvas } from './capture';
import { CellTypeDialog } from '../dialogs/CellTypeDialog';

/**
 * The explorer's left-column tools that belong to the panels (spec 03 §2.1): Cell Typing, Save Display (transparent
 * or opaque PNG named `{run}_{features}.png`; FrontPage for admins, which stores the spatial plot as the run's
 * catalogue thumbnail) and Copy Public Link. In a public viewer (run opened by link) there is no FrontPage and the
 * link copied is the one the viewer was opened with.
 */
export function explorerColumnTools() {
  return { cellTyping: <CellTypingTool />, saveDisplay: <SaveDisplayTool />, publicLink: <CopyPublicLinkTool /> };
}

function CellTypingTool() {
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

function SaveDisplayTool() {
  const run = useExplorer((s) => s.run);
  const features = useExplorer((s) => s.features);
  const mode = useExplorer((s) => s.mode);
  const groups = useGroups();
  const { token } = useSession();
  const showSnack = useSnackbar();
  const data = useRunData(run);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const isAdmin = !run?.encoded && hasGroupAccess(groups, 'admin');
  const runId = run?.run_id ?? data.data?.runId ?? 'run';

  const save = async (opaque: boolean) => {
    setAnchor(null);
    const canvas = findPlotsCanvas();
    if (!canvas) return showSnack(EXPLORER_MSG.noCanvas, { color: 'warning' });
    try {
      downloadBlob(await capturePng(canvas, opaque), displayFileName(runId, features, mode));
    } catch (error) {
      showSnack((error as Error).message, { color: 'error' });
    }
  };

  const frontPage = async () => {
    setAnchor(null);
    const canvas = findPlotsCanvas();
    if (!canvas || !run?.run_id) return showSnack(EXPLORER_MSG.noCanvas, { color: 'warning' });
    try {
      const png = await captureSpatialThumbnail(canvas, canvas.width / Math.max(1, canvas.height) > 1.3);
      await putFrontPage(run.run_id, png, token);
      showSnack(EXPLORER_MSG.frontPageSaved(run.run_id), { color: 'success' });
    } catch (error) {
      showSnack(EXPLORER_MSG.frontPageFailed((error as Error).message), { color: 'error' });
    }
  };

  return (
    <>
      <ToolButton title="Save Display" onClick={(e) => setAnchor(e.currentTarget)} disabled={!run}>
        <SaveAlt fontSize="small" />
      </ToolButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void save(false)}>
          <ListItemIcon>
            <ImageOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Transparent png</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => void save(true)}>
          <ListItemIcon>
            <Image fontSize="small" />
          </ListItemIcon>
          <ListItemText>Opaque png</ListItemText>
        </MenuItem>
        {isAdmin && (
          <MenuItem onClick={() => void frontPage()}>
            <ListItemIcon>
              <Web fontSize="small" />
            </ListItemIcon>
            <ListItemText>FrontPage</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}

function CopyPublicLinkTool() {
  const run = useExplorer((s) => s.run);
  const showSnack = useSnackbar();
  const copyLink = async () => {
    if (!run) return;
    try {
      const link = await publicLinkOf(run, window.location.origin);
      await navigator.clipboard.writeText(link);
      showSnack(EXPLORER_MSG.publicLinkCopied, { color: 'success' });
    } catch (error) {
      showSnack(error instanceof DOMException ? EXPLORER_MSG.clipboardFailed : (error as Error).message, { color: 'error' });
    }
  };
  return (
    <ToolButton title="Copy Public Link" onClick={() => void copyLink()} disabled={!run}>
      <Link fontSize="small" />
    </ToolButton>
  );
}
