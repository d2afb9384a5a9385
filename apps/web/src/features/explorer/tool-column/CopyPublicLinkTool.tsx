/**
 * Copy Public Link (spec 03 §2.1 tool column): a shareable public-viewer address of the open run on the
 * clipboard. A public viewer copies the link it was opened with.
 */
import Link from '@mui/icons-material/Link';
import { EXPLORER_MSG } from '@atlas/contracts';
import { useSnackbar } from '../../../app/feedback';
import { publicLinkOf } from '../data/sharing';
import { useExplorer } from '../state/store';
import { ToolButton } from './ToolButton';

export function CopyPublicLinkTool() {
  const run = useExplorer((s) => s.run);
  const showSnack = useSnackbar();
  const copyLink = async () => {
    if (!run) return;
    try {
      const link = await publicLinkOf(run, window.location.origin);
      await navigator.clipboard.writeText(link);
      showSnack(EXPLORER_MSG.publicLinkCopied, { color: 'success' });
    } catch (error) {
      showSnack(error instanceof DOMException ? EXPLORER_MSG.clipboardFailed : (error as Error).message, {
        color: 'error',
      });
    }
  };
  return (
    <ToolButton title="Copy Public Link" onClick={() => void copyLink()} disabled={!run}>
      <Link fontSize="small" />
    </ToolButton>
  );
}
