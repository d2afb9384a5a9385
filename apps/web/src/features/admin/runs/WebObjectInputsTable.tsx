import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { WEB_OBJECT_INPUTS } from './createRunLogic';

interface WebObjectInputsTableProps {
  path: string;
  transcriptome: boolean;
  /** Which inputs sit in `{path}h5/obj/`; null until listed. */
  presence: Readonly<Record<string, boolean>> | null;
  loading: boolean;
}

/** The "Files" table of Create A Run: whether each input of the web object is in the run folder. */
export function WebObjectInputsTable({ path, transcriptome, presence, loading }: WebObjectInputsTableProps) {
  return (
    <Table size="small" aria-label="Files" sx={{ maxWidth: 420 }}>
      <TableHead>
        <TableRow>
          <TableCell>File ({path}h5/obj/)</TableCell>
          <TableCell>Status</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {WEB_OBJECT_INPUTS.filter((name) => !transcriptome || name === 'genes.h5ad').map((name) => (
          <TableRow key={name}>
            <TableCell>{name}</TableCell>
            <TableCell sx={{ color: presence?.[name] ? 'success.dark' : 'error.main' }}>
              {loading ? '…' : presence?.[name] ? 'Present' : 'Not Present'}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
