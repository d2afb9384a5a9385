/**
 * The Genes/Motifs search (spec 03 §2.1, §5): a 500 ms filter over the run's feature names, pasting a list, or
 * uploading a csv of names. Names are cleaned of punctuation and matched exactly or first-letter-capitalised;
 * unknown and duplicate names are ignored.
 */
import { useMemo, useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import UploadFile from '@mui/icons-material/UploadFile';
import { useSnackbar } from '../../../app/feedback';
import type { FeatureNames } from '../data/featureNames';
import { csvNames, filterFeatureNames, isCsvFile } from './nameMatching';
import { EXPLORER_MSG, KIND_LABEL, type FeatureKind } from '@atlas/contracts';
import { SEARCH_DELAY_MS, useDebounced } from './useDebounced';
import { usePastedNames } from './usePastedNames';

const NO_OPTIONS: string[] = [];

export function FeatureSearch({
  kind,
  names,
  features,
  disabled,
  onChange,
  onPick,
}: {
  kind: FeatureKind;
  names: FeatureNames | undefined;
  features: string[];
  disabled?: boolean;
  onChange: (features: string[]) => void;
  /** A suggestion was picked: called before `onChange`, so its values can be on their way first. */
  onPick?: (feature: string) => void;
}) {
  const showSnack = useSnackbar();
  const [input, setInput] = useState('');
  const query = useDebounced(input, SEARCH_DELAY_MS);
  // Until the filter catches up with the typed text the list says 'Searching…' rather than keep the last query's
  // names: one clicked as the new list replaced it would pick another feature than the one under the pointer.
  const searching = input !== query;
  const matches = useMemo(() => (names ? filterFeatureNames(names.names, query, 50) : []), [names, query]);
  const options = searching ? NO_OPTIONS : matches;
  const fileRef = useRef<HTMLInputElement>(null);
  const label = KIND_LABEL[kind].one;

  const { addNames, pasteList } = usePastedNames(kind, names?.set, features, onChange);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (!isCsvFile(file.name)) {
      showSnack(EXPLORER_MSG.wrongFileType, { color: 'error' });
      return;
    }
    addNames(csvNames(await file.text(), names?.set ?? []));
  };

  return (
    <>
      <Autocomplete
        multiple
        size="small"
        disabled={disabled || !names}
        options={options}
        value={features}
        inputValue={input}
        filterOptions={(x) => x}
        filterSelectedOptions
        onInputChange={(_, value, reason) => {
          if (reason !== 'reset') setInput(value);
        }}
        onChange={(_, value, reason, details) => {
          if (reason === 'selectOption' && details?.option) onPick?.(details.option);
          onChange(value);
          setInput('');
          if (reason === 'selectOption' && details?.option)
            showSnack(EXPLORER_MSG.featureFound(kind, details.option), { color: 'success' });
        }}
        noOptionsText={searching ? 'Searching…' : `No ${label} matches`}
        limitTags={3}
        renderValue={(value, getItemProps) =>
          value.map((option, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} size="small" label={option} {...itemProps} />;
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label={kind === 'genes' ? 'Genes' : kind === 'motifs' ? 'Motifs' : 'eRegulons'}
            placeholder={features.length ? '' : `Search or paste ${label} names`}
            onPaste={(event) => {
              if (pasteList(event)) setInput('');
            }}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'feature-search' },
            }}
          />
        )}
        sx={{ minWidth: 260, flex: '1 1 260px', maxWidth: 520 }}
      />
      <Tooltip title={`Upload a csv of ${label} names`}>
        <span>
          <IconButton
            size="small"
            disabled={disabled || !names}
            onClick={() => fileRef.current?.click()}
            aria-label="Upload names csv"
          >
            <UploadFile fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <input
        ref={fileRef}
        type="file"
        hidden
        data-testid="feature-upload"
        onChange={(e) => {
          void onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </>
  );
}
