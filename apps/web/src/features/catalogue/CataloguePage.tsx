import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Container from '@mui/material/Container';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CATALOGUE_MSG,
  CATALOGUE_PAGE_SIZE,
  GROUP_ADMIN,
  hasGroupAccess,
  MSG,
  type TCatalogueRun,
} from '@atlas/contracts';
import { useSnackbar } from '../../app/feedback';
import { componentHref } from '../../app/views';
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
import { CatalogueHeader } from './CatalogueHeader';
import { CatalogueResults } from './CatalogueResults';
import { CatalogueToolbar, type Layout } from './CatalogueToolbar';
import { colorOf, groupColors } from './colors';
import { DownloadDialog } from './DownloadDialog';
import { FacetPanel } from './FacetPanel';
import { useOpenRun } from './openRun';
import { useCatalogueRuns, useDownloadableFiles } from './queries';
import { useRunSearch } from './useRunSearch';

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

  const { search, setSearch, mode, hits, searching } = useRunSearch(token !== null);

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
    () => applySearch(applyView(runs, viewPrivate), searchStateOf(mode, hits)),
    [runs, viewPrivate, mode, hits],
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

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 3 } }}>
      <CatalogueHeader member={member} group={group} groupColor={group ? colorOf(colors, group) : ''} />

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
          <CatalogueResults
            failed={runsQuery.isError}
            onRetry={() => void runsQuery.refetch()}
            loading={loading || searching}
            layout={layout}
            shown={shown}
            onPage={setPage}
            colorOfGroup={(name) => colorOf(colors, name)}
            downloadable={(run) => member && (files[run.run_id]?.length ?? 0) > 0}
            actions={actions}
          />
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
