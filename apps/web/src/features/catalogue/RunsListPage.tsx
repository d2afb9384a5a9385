import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { CATALOGUE_MSG } from '@atlas/contracts';
import { PLATFORM_GUIDE_URL } from '../../app/links';
import { componentHref } from '../../app/views';
import { useSession } from '../../app/session';
import { formatShortDate, speciesLabel } from './format';
import { useRunRecords } from './queries';

const COLUMNS = [
  'NGS ID',
  'Run ID',
  'Sample ID',
  'Tissue',
  'Organism',
  'Experimental Condition',
  'Date',
  'Browser Link',
];

/**
 * The runs list page (spec 03 §2.3) at `/runs`: NGS ID, Run ID, Sample ID, Tissue, Organism, Experimental
 * Condition, Date and Browser Link (opens the run in AtlasXbrowser with its NGS id). Back goes back in history
 * when signed in, otherwise to the root.
 */
export function RunsListPage() {
  const { user, token, ready, startPublicSession } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (ready && !user) startPublicSession().catch((error: unknown) => console.warn('No public session', error));
  }, [ready, user, startPublicSession]);
  const records = useRunRecords(ready && token !== null);

  return (
    <Container maxWidth="xl" sx={{ py: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }} useFlexGap>
        <Button startIcon={<ArrowBack />} onClick={() => (user ? navigate(-1) : navigate('/'))}>
          Back
        </Button>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, flex: 1 }}>
          {CATALOGUE_MSG.runsListTitle}
        </Typography>
        <Link href={PLATFORM_GUIDE_URL} target="_blank" rel="noopener" variant="body2">
          {CATALOGUE_MSG.browserDocs}
        </Link>
      </Stack>
      {records.isError ? (
        <Alert severity="error">{CATALOGUE_MSG.loadFailed}</Alert>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={CATALOGUE_MSG.runsListTitle}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                    {column}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {!records.data
                ? Array.from({ length: 5 }, (_, i) => (
                    <TableRow key={i}>
                      <TableCell colSpan={COLUMNS.length}>
                        <Skeleton />
                      </TableCell>
                    </TableRow>
                  ))
                : records.data.map((record) => (
                    <TableRow key={record.results_id} hover>
                      <TableCell>{record.ngs_id ?? '—'}</TableCell>
                      <TableCell sx={{ fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, monospace' }}>
                        {record.run_id}
                      </TableCell>
                      <TableCell>{record.sample_id || '—'}</TableCell>
                      <TableCell>{record.organ || record.tissue_type || '—'}</TableCell>
                      <TableCell sx={{ fontStyle: 'italic' }}>{speciesLabel(record.species)}</TableCell>
                      <TableCell>{record.experimental_condition || '—'}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatShortDate(record.created_on)}</TableCell>
                      <TableCell>
                        <Button
                          size="small"
                          variant="outlined"
                          endIcon={<OpenInNew />}
                          disabled={!record.ngs_id}
                          aria-label={`${CATALOGUE_MSG.browserLink} ${record.run_id}`}
                          onClick={() =>
                            navigate(
                              componentHref('AtlasBrowser', { run_id: record.run_id, ngs_id: record.ngs_id ?? '' }),
                            )
                          }
                        >
                          {CATALOGUE_MSG.browserLink}
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
              {records.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length}>
                    <Typography color="text.secondary">No runs yet.</Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Container>
  );
}
