import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CloudDownload from '@mui/icons-material/CloudDownload';
import { TRANSFER_MSG, type TNovogeneItem, type TTaskState } from '@atlas/contracts';
import { megabytes } from './format';
import { basename } from './novogeneForm';
import { TransferProgress } from './TransferProgress';

interface NovogeneFilesTableProps {
  items: readonly TNovogeneItem[];
  /** The download task of each file, by source file name. */
  tasks: Readonly<Record<string, string>>;
  failed: ReadonlySet<string>;
  onDownload(item: TNovogeneItem): void;
  onEnded(item: TNovogeneItem, state: TTaskState): void;
}

/** The batch's sequencing files by run, each with its output path, its download's progress and a download button. */
export function NovogeneFilesTable({ items, tasks, failed, onDownload, onEnded }: NovogeneFilesTableProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Batch files">
        <TableHead>
          <TableRow>
            <TableCell>Run ID</TableCell>
            <TableCell>File name</TableCell>
            <TableCell align="right">Size (MB)</TableCell>
            <TableCell>Output path</TableCell>
            <TableCell>Status</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => {
            const taskId = tasks[item.source_filename];
            const name = basename(item.source_filename);
            return (
              <TableRow key={item.source_filename}>
                <TableCell>{item.run_id}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all', minWidth: 220 }}>{name}</TableCell>
                <TableCell align="right">{megabytes(item.size)}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>
                  {item.output_key}
                  {item.output_exists && (
                    <Chip size="small" color="warning" label={TRANSFER_MSG.fileExists} sx={{ ml: 1 }} />
                  )}
                </TableCell>
                <TableCell sx={{ width: 260 }}>
                  {taskId ? (
                    <TransferProgress
                      key={taskId}
                      taskId={taskId}
                      label={name}
                      onEnd={(state) => onEnded(item, state)}
                    />
                  ) : (
                    <Typography variant="caption" color="text.secondary">
                      Idle
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <Button
                    size="small"
                    startIcon={<CloudDownload />}
                    onClick={() => onDownload(item)}
                    disabled={Boolean(taskId) && !failed.has(item.source_filename)}
                    aria-label={`Download ${name} To S3`}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    Download To S3
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
