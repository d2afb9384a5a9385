/**
 * Save Display (spec 03 §2.1 tool column): the plots as a transparent or opaque PNG named
 * `{run}_{features}_{transparent|opaque}.png`;
 * for admins also FrontPage, which stores the spatial plot as the run's catalogue thumbnail. A public viewer (run
 * opened by link) has no FrontPage.
 */
import { useState, type RefObject } from 'react';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Image from '@mui/icons-material/Image';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import SaveAlt from '@mui/icons-material/SaveAlt';
import Web from '@mui/icons-material/Web';
import { EXPLORER_MSG, hasGroupAccess } from '@atlas/contracts';
import type { LinkedPlotsHandle } from '@atlas/viz';
import { useSnackbar } from '../../../app/feedback';
import { useGroups, useSession } from '../../../app/session';
import { downloadBlob } from '../../../components/download';
import { useRunData } from '../data/runData';
import { putFrontPage } from '../data/sharing';
import { useExplorer } from '../state/store';
import { capturePng, captureSpatialThumbnail, displayFileName, plotsImage } from './capture';
import { ToolButton } from './ToolButton';

export function SaveDisplayTool({ plotsRef }: { plotsRef: RefObject<LinkedPlotsHandle | null> }) {
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
    const image = plotsImage(plotsRef.current);
    if (!image) return showSnack(EXPLORER_MSG.noCanvas, { color: 'warning' });
    try {
      downloadBlob(await capturePng(image, opaque), displayFileName(runId, features, mode, opaque));
    } catch (error) {
      showSnack((error as Error).message, { color: 'error' });
    }
  };

  const frontPage = async () => {
    setAnchor(null);
    const image = plotsImage(plotsRef.current);
    if (!image || !run?.run_id) return showSnack(EXPLORER_MSG.noCanvas, { color: 'warning' });
    try {
      const png = await captureSpatialThumbnail(image, image.width / Math.max(1, image.height) > 1.3);
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
