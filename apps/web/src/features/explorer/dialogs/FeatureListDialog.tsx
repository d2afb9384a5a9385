/**
 * The dialog of Genes/Motifs (spec 03 §2.1 top bar): all the run's feature names of one kind in a windowed list
 * with a 500 ms filter (spec 03 §9), the chosen ones as chips in choice order, Clear all, and a box to paste a list
 * (the same rules and messages as the top-bar search). Every choice applies at once, so the plots recolour behind
 * the dialog; it sits at the left over the UMAP with a light backdrop so the spatial plot and the colour scale
 * stay in sight.
 */
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { KIND_LABEL, type FeatureKind } from '@atlas/contracts';
import { moveActive } from './listWindow';
import { filterFeatureNames, splitNameList, toggleFeature } from '../top-bar/nameMatching';
import { SEARCH_DELAY_MS, useDebounced } from '../top-bar/useDebounced';
import { usePastedNames } from '../top-bar/usePastedNames';
import { NAME_LIST_ROWS, WindowedNameList, nameRowId } from './WindowedNameList';

/** The dialog's title, and the label of the top-bar button that opens it. */
const FEATURE_LIST_TITLE: Record<FeatureKind, string> = {
  genes: 'Genes',
  motifs: 'Motifs',
  eRegulons: 'Regulons',
};

interface FeatureListProps {
  kind: FeatureKind;
  /** Every feature name of the run for `kind` (up to some 60,000). */
  names: readonly string[];
  /** The chosen names, in choice order. */
  features: string[];
  onChange: (next: string[]) => void;
}

export function FeatureListDialog({
  open,
  onClose,
  ...list
}: FeatureListProps & { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      sx={{ '& .MuiDialog-container': { justifyContent: 'flex-start' } }}
      slotProps={{ backdrop: { sx: { bgcolor: 'rgba(0, 0, 0, 0.15)' } } }}
      data-testid="feature-list-dialog"
    >
      <DialogTitle>{FEATURE_LIST_TITLE[list.kind]}</DialogTitle>
      {/* Inside the dialog so that each opening starts with an empty filter at the top of the list. */}
      <FeatureList {...list} />
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function FeatureList({ kind, names, features, onChange }: FeatureListProps) {
  const listId = useId();
  const label = KIND_LABEL[kind].one;
  const [input, setInput] = useState('');
  const query = useDebounced(input, SEARCH_DELAY_MS);
  const matches = useMemo(() => filterFeatureNames(names, query, Number.POSITIVE_INFINITY), [names, query]);
  const chosen = useMemo(() => new Set(features), [features]);
  // The active row belongs to one filter result: a new query starts with none.
  const [cursor, setCursor] = useState({ query, index: -1 });
  const active = cursor.query === query ? cursor.index : -1;
  const setActive = (index: number) => setCursor({ query, index });

  const [pasted, setPasted] = useState('');
  const { addNames, pasteList } = usePastedNames(kind, names, features, onChange);

  const toggle = (name: string) => onChange(toggleFeature(features, name));

  // The filter box steers the list too (arrows, pages, Enter) but keeps Home/End and Space for its own text.
  const onKey = (event: KeyboardEvent, fromList: boolean) => {
    const moves = fromList || (event.key !== 'Home' && event.key !== 'End');
    const next = moves ? moveActive(event.key, active, matches.length, NAME_LIST_ROWS) : null;
    if (next !== null) {
      event.preventDefault();
      setActive(next);
      return;
    }
    const toggles = event.key === 'Enter' || (fromList && event.key === ' ');
    if (toggles && active >= 0) {
      event.preventDefault();
      toggle(matches[active]!);
    }
  };

  return (
    <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <TextField
        autoFocus
        size="small"
        label={`Filter ${label}s`}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        onKeyDown={(event) => onKey(event, false)}
        sx={{ mt: 1 }}
        slotProps={{
          htmlInput: {
            role: 'combobox',
            'aria-expanded': true,
            'aria-controls': listId,
            'aria-autocomplete': 'list',
            'aria-activedescendant': active >= 0 ? nameRowId(listId, active) : undefined,
          },
        }}
      />
      <Typography variant="caption" color="text.secondary" role="status" data-testid="feature-list-count">
        {input !== query
          ? 'Filtering…'
          : `${matches.length.toLocaleString()} of ${names.length.toLocaleString()} ${label}s`}
      </Typography>
      <WindowedNameList
        key={query}
        id={listId}
        label={`${FEATURE_LIST_TITLE[kind]} of the run`}
        names={matches}
        chosen={chosen}
        active={active}
        onActivate={setActive}
        onToggle={toggle}
        onKeyDown={(event) => onKey(event, true)}
      />
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2">Chosen ({features.length})</Typography>
        <Box sx={{ flex: 1 }} />
        <Button size="small" disabled={features.length === 0} onClick={() => onChange([])}>
          Clear all
        </Button>
      </Stack>
      <Box
        aria-label={`Chosen ${label}s`}
        role="group"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, maxHeight: 88, overflowY: 'auto' }}
        data-testid="feature-list-chosen"
      >
        {features.length ? (
          features.map((name) => (
            <Chip key={name} size="small" label={name} onDelete={() => onChange(features.filter((f) => f !== name))} />
          ))
        ) : (
          <Typography variant="body2" color="text.secondary">
            None: the plots show the clusters.
          </Typography>
        )}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          fullWidth
          multiline
          maxRows={3}
          label="Paste a list"
          placeholder={`${label} names separated by commas, blanks or lines`}
          value={pasted}
          onChange={(event) => setPasted(event.target.value)}
          onPaste={(event) => {
            if (pasteList(event)) setPasted('');
          }}
        />
        <Button
          variant="outlined"
          disabled={!pasted.trim()}
          onClick={() => {
            addNames(splitNameList(pasted));
            setPasted('');
          }}
        >
          Add
        </Button>
      </Stack>
    </DialogContent>
  );
}
