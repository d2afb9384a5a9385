import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DE_LOG2FC_THRESHOLDS, DE_P_ADJ_THRESHOLDS, DE_TABLE_MSG } from '@atlas/contracts';
import type { DeFilter } from './deTable';

/** One threshold as a small select: 'any' or one of the offered values. */
function Threshold({
  label,
  value,
  values,
  onChange,
  testId,
}: {
  label: string;
  value: number | null;
  values: readonly number[];
  onChange: (value: number | null) => void;
  testId: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      fullWidth={false}
      sx={{ width: 120 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
    >
      <MenuItem value="">{DE_TABLE_MSG.anyValue}</MenuItem>
      {values.map((v) => (
        <MenuItem key={v} value={String(v)}>
          {v}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The DE table's thresholds (adjusted p at most, |log2FC| at least): they limit the rows shown and the CSV. */
export function DeFilterFields({ filter, onChange }: { filter: DeFilter; onChange: (filter: DeFilter) => void }) {
  return (
    <>
      <Threshold
        label={DE_TABLE_MSG.maxPAdj}
        value={filter.maxPAdj}
        values={DE_P_ADJ_THRESHOLDS}
        onChange={(maxPAdj) => onChange({ ...filter, maxPAdj })}
        testId="de-max-padj"
      />
      <Threshold
        label={DE_TABLE_MSG.minAbsLog2fc}
        value={filter.minAbsLog2fc}
        values={DE_LOG2FC_THRESHOLDS}
        onChange={(minAbsLog2fc) => onChange({ ...filter, minAbsLog2fc })}
        testId="de-min-log2fc"
      />
    </>
  );
}
