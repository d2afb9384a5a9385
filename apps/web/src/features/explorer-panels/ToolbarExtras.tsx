import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Category from '@mui/icons-material/Category';
import Image from '@mui/icons-material/Image';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Link from '@mui/icons-material/Link';
import SaveAlt from '@mui/icons-material/SaveAlt';
import Web from '@mui/icons-material/Web';
import { EXPLORER_MSG, hasGroupAccess } from '@atlas/contracts';
import { useSnackbar } from '../../app/feedback';
import { useGroups, useSession } from '../../app/session';
import { useRunData } from '../explorer/api';
import { useExplorer } from '../explorer/store';
import { publicLinkOf, putFrontPage } from './api';
import { capturePng, captureSpatialThumbnail, displayFileName, downloadBlob, findPlotsCanvas } from './capture';
import { CellTypeDialog } from './CellTypeDialog';

export interface ExplorerToolbarExtrasProps {
  /** The plots' WebGL canvas (e.g. LinkedPlotsHandle.getCanvas); default: the first plots canvas on the page. */
  getCanvas?: () => HTMLCanvasElement | null;
  /** Layout: a row in the top bar (default) or a column in a tool column. */
  orientation?: 'vertical' | 'horizontal';
}

function ToolButton({ label, onClick, children, disabled }: { label: string; onClick: (e: React.MouseEvent<HTMLElement>) => void; children: ReactNode; disabled?: boolean }) {
  return (
    <Tooltip title={label} placement="bottom">
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} size="small">
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * The explorer's tool-column extras (spec 03 §2.1 left tool column): Cell Typing, Save Display (transparent
 * or opaque PNG named `{run}_{features}.png`; FrontPage for admins, which stores the spatial plot as the
 * run's catalogue thumbnail) and Copy Public Link. In a public viewer (run opened by link) there is no FrontPage
 * and the link copied is the one the viewer was opened with.
 */
export function ExplorerToolbarExtras({ getCanvas, orientation = 'horizontal' }: ExplorerToolbarExtrasProps) {
  const run = useExplorer((s) => s.run);
  const features = useExplorer((s) => s.features);
  const mode = useExplorer((s) => s.mode);
  const groups = useGroups();
  const { token } = useSession();
  const showSnack = useSnackbar();
  const data = useRunData(run);
  const [saveAnchor, setSaveAnchor] = useState<HTMLElement | null>(null);
  const [cellTyping, setCellTyping] = useState(false);
  const isPublic = Boolean(run?.encoded);
  const isAdmin = !isPublic && hasGroupAccess(groups, 'admin');
  const runId = run?.run_id ?? data.data?.runId ?? 'run';

  const canvas = () => (getCanvas ? getCanvas() : findPlotsCanvas());

  const save = async (opaque: boolean) => {
    setSaveAnchor(null);
    const c = canvas();
    if (!c) return showSnack(EXPLORER_MSG.noCanvas, { color: 'warning' });
    try {
      downloadBlob(await capturePng(c, opaque), displayFileName(runId, features, mode));
    } catch (error) {
      showSnack((error as Error).message, { color: 'error' });
    }
  };

  const frontPage = async () => {
    setSaveAnchor(null);
    const c = canvas();
    if (!c || !run?.run_id) return showSnack(EXPLORER_MSG.noCanvas, { color: 'warning' });
    try {
      const png = await captureSpatialThumbnail(c, c.width / Math.max(1, c.height) > 1.3);
      await putFrontPage(run.run_id, png, token);
      showSnack(EXPLORER_MSG.frontPageSaved(run.run_id), { color: 'success' });
    } catch (error) {
      showSnack(EXPLORER_MSG.frontPageFailed((error as Error).message), { color: 'error' });
    }
  };

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
    <Box
      data-testid="explorer-toolbar-extras"
      sx={{ display: 'flex', flexDirection: orientation === 'vertical' ? 'column' : 'row', alignItems: 'center', gap: 0.5 }}
    >
      <ToolButton label="Cell Typing" onClick={() => setCellTyping(true)} disabled={!run}>
        <Category />
      </ToolButton>
      <ToolButton label="Save Display" onClick={(e) => setSaveAnchor(e.currentTarget)} disabled={!run}>
        <SaveAlt />
      </ToolButton>
      <ToolButton label="Copy Public Link" onClick={() => void copyLink()} disabled={!run}>
        <Link />
      </ToolButton>
      <Menu anchorEl={saveAnchor} open={saveAnchor !== null} onClose={() => setSaveAnchor(null)}>
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
      <CellTypeDialog open={cellTyping} onClose={() => setCellTyping(false)} />
    </Box>
  );
}
