import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ZRunId } from '@atlas/contracts';

const isRunId = (text: string) => ZRunId.safeParse(text).success;

/** A select over a lookup list; an empty choice when the field may stay blank; a stored value left the list keeps showing. */
export function OptionSelect(props: {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  allowEmpty?: boolean;
  error?: string;
  disabled?: boolean;
  width?: number | string;
}) {
  const options = props.value && !props.options.includes(props.value) ? [props.value, ...props.options] : props.options;
  return (
    <TextField
      select
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      error={Boolean(props.error)}
      helperText={props.error}
      disabled={props.disabled}
      sx={{ width: props.width ?? 240 }}
    >
      {props.allowEmpty !== false && (
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {option.replace(/_/g, ' ')}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The run ID selector: choose a known run, or type a new id (D + at least 5 digits) and take it with Enter. A new
 * run ID can be added only if it is not already in the list (spec 03 §5).
 */
export function RunIdPicker(props: {
  runIds: readonly string[];
  value: string | null;
  onChange: (runId: string | null) => void;
  allowNew?: boolean;
  label?: string;
  loading?: boolean;
  width?: number;
}) {
  return (
    <Autocomplete
      freeSolo={props.allowNew}
      options={props.runIds as string[]}
      value={props.value}
      loading={props.loading}
      autoHighlight
      onChange={(_, next) => {
        const id = typeof next === 'string' ? next.trim().toUpperCase() : null;
        props.onChange(id && isRunId(id) ? id : null);
      }}
      filterOptions={(options, state) => {
        const typed = state.inputValue.trim().toUpperCase();
        const shown = options.filter((o) => o.includes(typed));
        return props.allowNew && isRunId(typed) && !options.includes(typed) ? [...shown, typed] : shown;
      }}
      getOptionLabel={(option) => option}
      renderOption={({ key, ...optionProps }, option) => (
        <li key={key} {...optionProps}>
          {props.runIds.includes(option) ? option : `New run ${option}`}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label ?? 'Run ID'}
          helperText={props.allowNew ? 'Choose a run, or type a new run ID (D and 5 digits)' : undefined}
        />
      )}
      sx={{ width: props.width ?? 320 }}
    />
  );
}
