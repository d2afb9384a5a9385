import { Fragment, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import { CATALOGUE_MSG, catalogueCalls, DOWNLOAD_LINK_SECONDS, DOWNLOAD_MSG, type TRunFile } from '@atlas/contracts';
import { callApi } from '../../api/client';
import { useSnackbar } from '../../app/feedback';

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * '{run} Available Files' (spec 01 §2): File Type, Filename, Description; per file a download icon, Generate URL,
 * and after generation a read-only field with the pre-signed URL and a copy icon. The footer says how long a URL
 * lives and that it closes with the caller's access to the run (a download link, issue 33 §7).
 */
export function DownloadDialog({
  runId,
  files,
  onClose,
}: {
  runId: string | null;
  files: TRunFile[];
  onClose: () => void;
}) {
  const showSnack = useSnackbar();
  const [urls, setUrls] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState<number | null>(null);
  const titleId = 'download-dialog-title';

  const generate = async (file: TRunFile): Promise<string | null> => {
    setBusy(file.file_id);
    try {
      const { url } = await callApi(catalogueCalls.generatePresignedUrl, {
        body: { bucket: file.bucket_name, path: file.file_path },
      });
      setUrls((current) => ({ ...current, [file.file_id]: url }));
      return url;
    } catch (error) {
      showSnack(CATALOGUE_MSG.urlFailed((error as Error).message), { color: 'error' });
      return null;
    } finally {
      setBusy(null);
    }
  };

  const download = async (file: TRunFile) => {
    const url = urls[file.file_id] ?? (await generate(file));
    if (!url) return;
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = file.filename_short;
    anchor.rel = 'noopener';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      showSnack(CATALOGUE_MSG.urlCopied, { color: 'success' });
    } catch {
      showSnack('Copy failed: select the URL and copy it by hand.', { color: 'warning' });
    }
  };

  return (
    <Dialog
      open={runId !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited: () => setUrls({}) } }}
    >
      <DialogTitle id={titleId}>{runId && CATALOGUE_MSG.availableFiles(runId)}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell>{CATALOGUE_MSG.fileTypeColumn}</TableCell>
              <TableCell>{CATALOGUE_MSG.filenameColumn}</TableCell>
              <TableCell>{CATALOGUE_MSG.descriptionColumn}</TableCell>
              <TableCell align="right">
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {files.map((file) => {
              const url = urls[file.file_id];
              return (
                <Fragment key={file.file_id}>
                  <TableRow sx={url ? { '& > td': { borderBottom: 0 } } : undefined}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{file.file_type_name}</TableCell>
                    <TableCell
                      sx={{
                        fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, monospace',
                        fontSize: 13,
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {file.filename_short}
                    </TableCell>
                    <TableCell>{file.file_description}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title="Download">
                        <span>
                          <IconButton
                            size="small"
                            aria-label={`Download ${file.filename_short}`}
                            onClick={() => void download(file)}
                            disabled={busy === file.file_id}
                          >
                            <Download fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Button
                        size="small"
                        variant="outlined"
                        onClick={() => void generate(file)}
                        disabled={busy === file.file_id}
                        aria-label={`${CATALOGUE_MSG.generateUrl} for ${file.filename_short}`}
                        sx={{ ml: 1 }}
                        startIcon={busy === file.file_id ? <CircularProgress size={14} /> : undefined}
                      >
                        {CATALOGUE_MSG.generateUrl}
                      </Button>
                    </TableCell>
                  </TableRow>
                  {url && (
                    <TableRow>
                      <TableCell colSpan={4} sx={{ pt: 0 }}>
                        <TextField
                          size="small"
                          value={url}
                          onFocus={(event) => event.target.select()}
                          slotProps={{
                            htmlInput: { readOnly: true, 'aria-label': `Pre-signed URL of ${file.filename_short}` },
                            input: {
                              sx: { fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, monospace', fontSize: 12 },
                              endAdornment: (
                                <InputAdornment position="end">
                                  <Tooltip title="Copy">
                                    <IconButton
                                      size="small"
                                      edge="end"
                                      aria-label={`Copy the URL of ${file.filename_short}`}
                                      onClick={() => void copy(url)}
                                    >
                                      <ContentCopy fontSize="small" />
                                    </IconButton>
                                  </Tooltip>
                                </InputAdornment>
                              ),
                            },
                          }}
                        />
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
        {files.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            This run has no downloadable files.
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Typography variant="caption" color="text.secondary" sx={{ flex: 1, pl: 1 }}>
          {DOWNLOAD_MSG.lifetime(DOWNLOAD_LINK_SECONDS)}
        </Typography>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
