import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import SearchOff from '@mui/icons-material/SearchOff';
import { CATALOGUE_MSG, type TCatalogueRun } from '@atlas/contracts';
import type { Page } from './catalogueState';
import type { Layout } from './CatalogueToolbar';
import { RunCard, RunListItem, type RunActions } from './RunViews';

interface CatalogueResultsProps {
  failed: boolean;
  onRetry(): void;
  loading: boolean;
  layout: Layout;
  shown: Page<TCatalogueRun>;
  onPage(page: number): void;
  colorOfGroup(group: TCatalogueRun['group']): string;
  /** Whether the viewer may download this run's files and it has some. */
  downloadable(run: TCatalogueRun): boolean;
  actions: RunActions;
}

/** The runs of the current page, as cards or rows, with the count and the pager; or why there are none. */
export function CatalogueResults(props: CatalogueResultsProps) {
  const { shown, layout } = props;
  if (props.failed)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={props.onRetry}>
            Retry
          </Button>
        }
      >
        {CATALOGUE_MSG.loadFailed}
      </Alert>
    );
  if (props.loading) return <LoadingRuns layout={layout} />;
  if (shown.total === 0) return <NoRuns />;
  return (
    <>
      <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="catalogue-count">
        Showing {shown.from}–{shown.to} of {shown.total} {shown.total === 1 ? 'run' : 'runs'}
      </Typography>
      <Box role="list" aria-label="Runs" sx={runsLayout(layout)}>
        {shown.items.map((run) => {
          const view = {
            run,
            color: props.colorOfGroup(run.group),
            downloadable: props.downloadable(run),
            ...props.actions,
          };
          return (
            <Box role="listitem" key={run.results_id} sx={{ minWidth: 0 }}>
              {layout === 'card' ? <RunCard {...view} /> : <RunListItem {...view} />}
            </Box>
          );
        })}
      </Box>
      {shown.pageCount > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', pt: 1 }}>
          <Pagination
            count={shown.pageCount}
            page={shown.page}
            onChange={(_, value) => {
              props.onPage(value);
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
            color="primary"
            shape="rounded"
            aria-label="Catalogue pages"
          />
        </Box>
      )}
    </>
  );
}

/** Cards fill a grid; list rows stack. Shared by the runs and their loading placeholders. */
const runsLayout = (layout: Layout): SxProps<Theme> =>
  layout === 'card'
    ? { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(290px, 1fr))' }
    : { display: 'flex', flexDirection: 'column', gap: 1.5 };

function LoadingRuns({ layout }: { layout: Layout }) {
  const boxes = Array.from({ length: layout === 'card' ? 6 : 4 }, (_, i) => i);
  return (
    <Box aria-busy aria-label="Loading runs" sx={runsLayout(layout)}>
      {boxes.map((i) => (
        <Skeleton key={i} variant="rounded" height={layout === 'card' ? 380 : 120} />
      ))}
    </Box>
  );
}

function NoRuns() {
  return (
    <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }}>
      <Box sx={{ color: 'text.disabled', '& svg': { fontSize: 48 } }} aria-hidden>
        <SearchOff />
      </Box>
      <Typography variant="h6" sx={{ mt: 1 }}>
        {CATALOGUE_MSG.noRuns}
      </Typography>
      <Typography color="text.secondary">{CATALOGUE_MSG.noRunsHint}</Typography>
    </Paper>
  );
}
