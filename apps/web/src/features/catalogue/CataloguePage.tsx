import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SearchOff from '@mui/icons-material/SearchOff';
import TableRows from '@mui/icons-material/TableRows';
import {
  CATALOGUE_MSG,
  CATALOGUE_PAGE_SIZE,
  GROUP_ADMIN,
  hasGroupAccess,
  MSG,
  searchMode,
  type TCatalogueRun,
} from '@atlas/contracts';
import { useSnackbar } from '../../app/feedback';
import { componentHref, RUNS_LIST_PATH } from '../../app/views';
import { useSession } from '../../app/session';
import {
  applySearch,
  applyView,
  facetCounts,
  hasPrivateRuns,
  matchesFilters,
  newestFirst,
  NO_FILTERS,
  paginate,
  searchStateOf,
  toggleFilter,
  type Filters,
} from './catalogueState';
import { CatalogueToolbar, type Layout } from './CatalogueToolbar';
import { colorOf, groupColors } from './colors';
import { DownloadDialog } from './DownloadDialog';
import { FacetPanel } from './FacetPanel';
import { useOpenRun } from './openRun';
import { useCatalogueRuns, useDownloadableFiles, useSearchHits } from './queries';
import { RunCard, RunListItem } from './RunViews';

/** Spec 03 §9: the run search waits this long after the last key. */
const SEARCH_DEBOUNCE_MS = 500;

/**
 * The landing catalogue (spec 01 §2 "Landing catalogue", §4 "Catalogue loading/Filtering/Opening a run"):
 * search, public/private toggle, list/card switch, facet filters with counts, 8 runs per page newest first,
 * and the download dialog. `group` (from `/visualization/:group`) pre-selects that group's filter.
 */
export function CataloguePage({ group }: { group?: string }) {
  const { user, token, ready, startPublicSession } = useSession();
  const navigate = useNavigate();
  const showSnack = useSnackbar();
  const openRun = useOpenRun();
  const member = user !== null && hasGroupAccess(user.groups, 'any');
  const isAdmin = user?.groups.includes(GROUP_ADMIN) ?? false;

  useEffect(() => {
    if (ready && !user) startPublicSession().catch((error: unknown) => console.warn('No public session', error));
  }, [ready, user, startPublicSession]);

  const runsQuery = useCatalogueRuns(member ? 'member' : 'public', ready && token !== null);
  const filesQuery = useDownloadableFiles(member && token !== null);

  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const mode = useMemo(() => searchMode(debounced), [debounced]);
  const hitsQuery = useSearchHits(mode, token !== null);

  const [privateOnly, setPrivateOnly] = useState(false);
  const [layout, setLayout] = useState<Layout>('card');
  const [filters, setFilters] = useState<Filters>(group ? { ...NO_FILTERS, group: [group] } : NO_FILTERS);
  const [page, setPage] = useState(1);
  const [downloadRun, setDownloadRun] = useState<string | null>(null);

  const runs = useMemo(() => newestFirst(runsQuery.data ?? []), [runsQuery.data]);
  const canTogglePrivate = member && hasPrivateRuns(runs);
  const viewPrivate = privateOnly && canTogglePrivate;
  const colors = useMemo(() => groupColors(runs.map((run) => run.group)), [runs]);
  const searched = useMemo(
    () => applySearch(applyView(runs, viewPrivate), searchStateOf(mode, hitsQuery.data)),
    [runs, viewPrivate, mode, hitsQuery.data],
  );
  const facets = useMemo(() => facetCounts(searched, filters), [searched, filters]);
  const filtered = useMemo(() => searched.filter((run) => matchesFilters(run, filters)), [searched, filters]);
  const shown = paginate(filtered, page, CATALOGUE_PAGE_SIZE);
  const files = filesQuery.data ?? {};

  const onSearch = (text: string) => {
    setSearch(text);
    setPage(1);
  };
  const onToggleFilter = (key: Parameters<typeof toggleFilter>[1], value: string) => {
    setFilters((current) => toggleFilter(current, key, value));
    setPage(1);
  };
  const onOpen = (run: TCatalogueRun) => {
    openRun(run.run_id).catch((error: unknown) =>
      showSnack(CATALOGUE_MSG.openFailed((error as Error).message), { color: 'error' }),
    );
  };
  const actions = {
    onOpen,
    onDownload: member ? (run: TCatalogueRun) => setDownloadRun(run.run_id) : undefined,
    onEdit: isAdmin
      ? (run: TCatalogueRun) =>
          navigate(
            componentHref('AdminPanel', { action: 'edit', run_id: run.run_id, results_id: String(run.results_id) }),
          )
      : undefined,
  };
  const loading = !runsQuery.data && !runsQuery.isError;
  const searching = (mode.mode === 'publication' || mode.mode === 'author') && hitsQuery.isFetching && !hitsQuery.data;

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
            {MSG.catalogueTitle}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {member
              ? 'Published runs and the runs of your groups. Open a run to explore it, or download its files.'
              : 'Spatial-omics runs published by the lab. Open any run to explore it in your browser.'}
          </Typography>
        </Box>
        {group && (
          <Chip
            label={`Group: ${group}`}
            onDelete={() => navigate('/visualization')}
            sx={{
              bgcolor: colorOf(colors, group),
              color: '#fff',
              '& .MuiChip-deleteIcon': { color: 'rgba(255,255,255,.8)' },
            }}
          />
        )}
        <Button component={RouterLink} to={RUNS_LIST_PATH} startIcon={<TableRows />} size="small">
          Runs table
        </Button>
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: '1fr', md: '260px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <FacetPanel
          facets={runsQuery.data ? facets : null}
          loading={loading}
          onToggle={onToggleFilter}
          onClear={() => {
            setFilters(NO_FILTERS);
            setPage(1);
          }}
          colorOfGroup={(name) => colorOf(colors, name)}
        />
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <CatalogueToolbar
            search={search}
            onSearch={onSearch}
            privateOnly={viewPrivate}
            onTogglePrivate={() => {
              setPrivateOnly((p) => !p);
              setPage(1);
            }}
            toggleEnabled={canTogglePrivate}
            layout={layout}
            onLayout={setLayout}
          />
          {!member && ready && (
            <Typography variant="body2" color="text.secondary">
              {MSG.catalogueVisitorHint}
            </Typography>
          )}
          {runsQuery.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void runsQuery.refetch()}>
                  Retry
                </Button>
              }
            >
              {CATALOGUE_MSG.loadFailed}
            </Alert>
          ) : loading || searching ? (
            <LoadingRuns layout={layout} />
          ) : shown.total === 0 ? (
            <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }}>
              <Box sx={{ color: 'text.disabled', '& svg': { fontSize: 48 } }} aria-hidden>
                <SearchOff />
              </Box>
              <Typography variant="h6" sx={{ mt: 1 }}>
                {CATALOGUE_MSG.noRuns}
              </Typography>
              <Typography color="text.secondary">{CATALOGUE_MSG.noRunsHint}</Typography>
            </Paper>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="catalogue-count">
                Showing {shown.from}–{shown.to} of {shown.total} {shown.total === 1 ? 'run' : 'runs'}
              </Typography>
              <Box
                role="list"
                aria-label="Runs"
                sx={
                  layout === 'card'
                    ? { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(290px, 1fr))' }
                    : { display: 'flex', flexDirection: 'column', gap: 1.5 }
                }
              >
                {shown.items.map((run) => {
                  const props = {
                    run,
                    color: colorOf(colors, run.group),
                    downloadable: member && (files[run.run_id]?.length ?? 0) > 0,
                    ...actions,
                  };
                  return (
                    <Box role="listitem" key={run.results_id} sx={{ minWidth: 0 }}>
                      {layout === 'card' ? <RunCard {...props} /> : <RunListItem {...props} />}
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
                      setPage(value);
                      window.scrollTo({ top: 0, behavior: 'smooth' });
                    }}
                    color="primary"
                    shape="rounded"
                    aria-label="Catalogue pages"
                  />
                </Box>
              )}
            </>
          )}
        </Stack>
      </Box>
      <DownloadDialog
        runId={downloadRun}
        files={downloadRun ? (files[downloadRun] ?? []) : []}
        onClose={() => setDownloadRun(null)}
      />
    </Container>
  );
}

function LoadingRuns({ layout }: { layout: Layout }) {
  const boxes = Array.from({ length: layout === 'card' ? 6 : 4 }, (_, i) => i);
  return (
    <Box
      aria-busy
      aria-label="Loading runs"
      sx={
        layout === 'card'
          ? { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(290px, 1fr))' }
          : { display: 'flex', flexDirection: 'column', gap: 1.5 }
      }
    >
      {boxes.map((i) => (
        <Skeleton key={i} variant="rounded" height={layout === 'card' ? 380 : 120} />
      ))}
    </Box>
  );
}
