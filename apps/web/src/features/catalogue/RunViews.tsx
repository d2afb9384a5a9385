import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFile from '@mui/icons-material/AttachFile';
import Download from '@mui/icons-material/Download';
import LockOutlined from '@mui/icons-material/LockOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import type { TCatalogueRun } from '@atlas/contracts';
import { formatRunDate, renderMicrons, speciesLabel } from './format';
import { LiveLinkChip } from './LiveLinkChip';
import { RunThumbnail } from './RunThumbnail';

/** What a run card or row can do; absent actions are not offered (visitors cannot download, only admins edit). */
export interface RunActions {
  onOpen: (run: TCatalogueRun) => void;
  onDownload?: (run: TCatalogueRun) => void;
  onEdit?: (run: TCatalogueRun) => void;
}

interface RunViewProps extends RunActions {
  run: TCatalogueRun;
  color: string;
  /** The run has downloadable files and the viewer may download (spec 01 §2). */
  downloadable: boolean;
}

/** Card view (spec 01 §2): group-coloured top border, thumbnail, the list fields, paperclip and download icons. */
export function RunCard({ run, color, downloadable, onOpen, onDownload, onEdit }: RunViewProps) {
  const titleId = `run-${run.run_id}-title`;
  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column', borderTop: `4px solid ${color}`, height: '100%' }}
    >
      <RunThumbnail run={run} color={color} onEdit={onEdit && (() => onEdit(run))} />
      <Box sx={{ p: 2, pb: 1.5, flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <RunTitle run={run} id={titleId} onOpen={onOpen} />
        <RunDate run={run} />
        <Typography variant="body2" color="text.secondary" sx={clamp(3)}>
          {renderMicrons(run.result_description)}
        </Typography>
        <RunFacts run={run} />
        <Box sx={{ flex: 1 }} />
        <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <AssayChip run={run} color={color} />
          <Chip size="small" variant="outlined" label={speciesLabel(run.species)} sx={{ fontStyle: 'italic' }} />
          <Chip size="small" variant="outlined" label={run.organ} />
        </Stack>
      </Box>
      <Box
        sx={{
          px: 2,
          py: 1,
          borderTop: 1,
          borderColor: 'divider',
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          minHeight: 52,
        }}
      >
        <GroupLabel run={run} color={color} />
        <Box sx={{ flex: 1 }} />
        <RunIcons run={run} downloadable={downloadable} onDownload={onDownload} />
        <Button
          size="small"
          variant="contained"
          endIcon={<OpenInNew />}
          onClick={() => onOpen(run)}
          aria-label={`Open ${run.run_id}`}
        >
          Open
        </Button>
      </Box>
    </Card>
  );
}

/** List view (spec 01 §2): title, date, description, condition, antibody and the assay chip coloured by group. */
export function RunListItem({ run, color, downloadable, onOpen, onDownload }: RunViewProps) {
  const titleId = `run-${run.run_id}-title`;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'flex-start', borderLeft: `4px solid ${color}` }}
    >
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <RunTitle run={run} id={titleId} onOpen={onOpen} />
        </Stack>
        <RunDate run={run} />
        <Typography variant="body2" color="text.secondary">
          {renderMicrons(run.result_description)}
        </Typography>
        <RunFacts run={run} />
      </Box>
      <Stack spacing={1} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
        <AssayChip run={run} color={color} />
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <RunIcons run={run} downloadable={downloadable} onDownload={onDownload} />
          <Button
            size="small"
            variant="outlined"
            endIcon={<OpenInNew />}
            onClick={() => onOpen(run)}
            aria-label={`Open ${run.run_id}`}
          >
            Open
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

function RunTitle({ run, id, onOpen }: { run: TCatalogueRun; id: string; onOpen: (run: TCatalogueRun) => void }) {
  return (
    <Typography id={id} component="h2" variant="subtitle1" sx={{ fontWeight: 650, lineHeight: 1.3, ...clamp(2) }}>
      <Link
        component="button"
        type="button"
        underline="hover"
        color="inherit"
        onClick={() => onOpen(run)}
        sx={{ textAlign: 'left', font: 'inherit', verticalAlign: 'baseline' }}
      >
        {run.result_title}
      </Link>
    </Typography>
  );
}

function RunDate({ run }: { run: TCatalogueRun }) {
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <span>{formatRunDate(run.date)}</span>
      <Box component="span" aria-hidden sx={{ opacity: 0.5 }}>
        ·
      </Box>
      <Box component="span" sx={{ fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, monospace' }}>
        {run.run_id}
      </Box>
      {run.public === 0 && (
        <Chip
          size="small"
          icon={<LockOutlined />}
          label="Private"
          sx={{ height: 20, fontSize: 11, '& .MuiChip-icon': { fontSize: 13 } }}
        />
      )}
      <LiveLinkChip runId={run.run_id} />
    </Typography>
  );
}

function RunFacts({ run }: { run: TCatalogueRun }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1, rowGap: 0.25, fontSize: 13 }}
    >
      <Fact label="Condition" value={run.experimental_condition || '—'} />
      {run.epitope && <Fact label="Antibody" value={run.epitope} />}
    </Box>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Box component="dt" sx={{ color: 'text.secondary', fontWeight: 500 }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0 }}>
        {renderMicrons(value)}
      </Box>
    </>
  );
}

function AssayChip({ run, color }: { run: TCatalogueRun; color: string }) {
  return (
    <Chip
      size="small"
      label={run.assay}
      sx={{ bgcolor: color, color: '#fff', fontWeight: 600 }}
      title={run.group ? `${run.assay} · ${run.group}` : run.assay}
    />
  );
}

function GroupLabel({ run, color }: { run: TCatalogueRun; color: string }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: color, flexShrink: 0 }} />
      <Typography variant="caption" color="text.secondary" noWrap>
        {run.group ?? 'No group'}
      </Typography>
    </Stack>
  );
}

function RunIcons({
  run,
  downloadable,
  onDownload,
}: {
  run: TCatalogueRun;
  downloadable: boolean;
  onDownload?: (run: TCatalogueRun) => void;
}) {
  return (
    <>
      {run.link && (
        <Tooltip title={run.journal ? `Paper in ${run.journal}` : 'Paper'}>
          <IconButton
            size="small"
            component="a"
            href={run.link}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Paper of ${run.run_id}${run.journal ? ` in ${run.journal}` : ''}`}
          >
            <AttachFile fontSize="small" sx={{ transform: 'rotate(45deg)' }} />
          </IconButton>
        </Tooltip>
      )}
      {downloadable && onDownload && (
        <Tooltip title="Download files">
          <IconButton size="small" onClick={() => onDownload(run)} aria-label={`Download files of ${run.run_id}`}>
            <Download fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}

const clamp = (lines: number) => ({
  display: '-webkit-box',
  WebkitLineClamp: lines,
  WebkitBoxOrient: 'vertical' as const,
  overflow: 'hidden',
});
