/**
 * DE results (issue 34), a lower-panel tab: the whole ranking of the last lasso, of one cluster against the rest
 * (every cluster ranked at once on the server; choosing another answers from its memory), or the file's own
 * uns['rank_genes_groups']. Search, thresholds on adjusted p and |log2FC|, sort by any column, a volcano linked to the
 * table, CSV of every row the thresholds keep (the search does not limit it);
 * clicking a row or a dot colours the plots by that feature (the explorer's feature choice, setFeatures).
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DE_TABLE_MSG, deMethodLabel, KIND_LABEL, type DeColumns } from '@atlas/contracts';
import { downloadBlob } from '../../../components/download';
import type { SelectionRanking } from '../plots/useSelectionRanking';
import { useExplorer } from '../state/store';
import { DeFilterFields } from './DeFilterFields';
import { deTableCsv, filterRows, nextSort, NO_DE_FILTER, searchRows, sortRows, type DeSort } from './deTable';
import { DeTableView } from './DeTableView';
import { fetchClusterRanking, fetchSelectionColumns, selectionKey } from './deTasks';
import { Volcano } from './Volcano';

type Mode = 'selection' | 'cluster' | 'file';
const MODE_LABEL: Record<Mode, string> = {
  selection: 'Selection vs rest',
  cluster: 'Cluster vs rest',
  file: "File's rank_genes_groups",
};

export function DeResultsPanel({ ranking }: { ranking: SelectionRanking }) {
  const run = useExplorer((s) => s.run);
  const kind = useExplorer((s) => s.kind);
  const selection = useExplorer((s) => s.selection);
  const features = useExplorer((s) => s.features);
  const setFeatures = useExplorer((s) => s.setFeatures);
  const [mode, setMode] = useState<Mode>(selection ? 'selection' : 'cluster');
  const [cluster, setCluster] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<DeSort>({ key: 'score', descending: true });
  const [filter, setFilter] = useState(NO_DE_FILTER);
  const [hover, setHover] = useState(-1);
  const { test } = ranking;
  const testLabel = deMethodLabel(test.method, test.tieCorrect);

  const table = useQuery({
    queryKey: [
      'de-table',
      run?.run_id,
      kind,
      mode,
      mode === 'selection' ? selectionKey(selection ?? []) : cluster,
      test.method,
      test.tieCorrect,
    ],
    enabled: Boolean(run?.run_id) && (mode !== 'selection' || Boolean(selection?.length)),
    staleTime: Infinity,
    retry: false,
    queryFn: async () => {
      if (mode === 'selection') {
        const columns = await fetchSelectionColumns(run!, kind, selection!, test);
        return { columns, what: DE_TABLE_MSG.selection(selection!.length, testLabel), clusters: null };
      }
      const result = await fetchClusterRanking(run!, kind, mode === 'file' ? 'file' : 'computed', test, cluster);
      const size = result.clusters.find((c) => c.cluster === result.cluster)?.n ?? null;
      const what =
        mode === 'file'
          ? DE_TABLE_MSG.fileRanking(result.groupby, result.method)
          : DE_TABLE_MSG.clusterVsRest(result.cluster ?? '', size, testLabel);
      return { columns: result.columns, what, clusters: result.clusters, chosen: result.cluster };
    },
  });
  const columns: DeColumns | null = table.data?.columns ?? null;
  const order = useMemo(
    () => (columns ? sortRows(columns, filterRows(columns, searchRows(columns.names, query), filter), sort) : []),
    [columns, query, sort, filter],
  );
  if (!run?.run_id) return null;

  const pick = (row: number) => {
    if (!columns) return;
    setHover(row);
    setFeatures([columns.names[row]!]);
  };
  const exportCsv = () => {
    if (!columns || !table.data) return;
    const kept = sortRows(columns, filterRows(columns, searchRows(columns.names, ''), filter), sort);
    const note = DE_TABLE_MSG.filterNote(filter.maxPAdj, filter.minAbsLog2fc);
    const what = note ? DE_TABLE_MSG.filtered(table.data.what, note) : table.data.what;
    const csv = deTableCsv(columns, kept, KIND_LABEL[kind].one, what);
    downloadBlob(new Blob([csv], { type: 'text/csv' }), `${run.run_id}_${kind}_de_${mode}.csv`);
  };
  const noTable =
    mode === 'selection' && !selection?.length
      ? DE_TABLE_MSG.noSelection
      : table.data && !columns
        ? mode === 'file'
          ? DE_TABLE_MSG.noFileRanking
          : DE_TABLE_MSG.notTestable
        : null;

  return (
    <Box data-testid="de-panel" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Compare"
          value={mode}
          onChange={(e) => setMode(e.target.value as Mode)}
          fullWidth={false}
          sx={{ width: 210 }}
          slotProps={{ htmlInput: { 'data-testid': 'de-mode' } }}
        >
          {(Object.keys(MODE_LABEL) as Mode[]).map((m) => (
            <MenuItem key={m} value={m}>
              {MODE_LABEL[m]}
            </MenuItem>
          ))}
        </TextField>
        {mode !== 'selection' && table.data?.clusters && table.data.clusters.length > 0 && (
          <TextField
            select
            size="small"
            label={mode === 'file' ? 'Group' : 'Cluster'}
            value={table.data.chosen ?? ''}
            onChange={(e) => setCluster(e.target.value)}
            fullWidth={false}
            sx={{ width: 200 }}
            slotProps={{ htmlInput: { 'data-testid': 'de-cluster' } }}
          >
            {table.data.clusters.map((c) => (
              <MenuItem key={c.cluster} value={c.cluster}>
                {c.n === null ? c.cluster : `${c.cluster} (${c.n})`}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          size="small"
          label={DE_TABLE_MSG.search}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            // The volcano then marks the first row found, not a row hovered before the search.
            setHover(-1);
          }}
          fullWidth={false}
          sx={{ width: 220 }}
          slotProps={{ htmlInput: { 'data-testid': 'de-search', type: 'search' } }}
        />
        <DeFilterFields filter={filter} onChange={setFilter} />
        <Button size="small" variant="outlined" onClick={exportCsv} disabled={!columns} data-testid="de-export">
          {DE_TABLE_MSG.exportCsv}
        </Button>
      </Box>
      {table.isFetching && <LinearProgress aria-label={DE_TABLE_MSG.loading} />}
      {table.error && <Alert severity="error">{DE_TABLE_MSG.failed(table.error.message)}</Alert>}
      {noTable && <Alert severity="info">{noTable}</Alert>}
      {columns && table.data && (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="de-summary">
            {table.data.what} · {DE_TABLE_MSG.shown(order.length, columns.names.length)}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <DeTableView
              columns={columns}
              order={order}
              sort={sort}
              onSort={(key) => setSort((s) => nextSort(s, key))}
              picked={features.length === 1 ? features[0]! : null}
              onPick={pick}
              onHover={setHover}
            />
            {/* A file's logreg ranking has no fold changes or p-values: no volcano to draw. */}
            {columns.log2fc && (columns.p_adj ?? columns.p) && (
              <Volcano columns={columns} highlight={hover >= 0 ? hover : (order[0] ?? -1)} onPick={pick} />
            )}
          </Box>
        </>
      )}
    </Box>
  );
}
