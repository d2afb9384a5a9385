/** "Rank features": one annotation (set A) against another or against the rest of the run's tixels (set B). */
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Annotation } from '../data/annotations';

/** Set B's value for "the rest" (every tixel outside set A). */
export const REST = '__rest__';

export function RankAnnotationSets({
  annotations,
  setA,
  setB,
  onSetA,
  onSetB,
  running,
  onRank,
}: {
  annotations: readonly Annotation[];
  /** The chosen annotations' ids ('' = none yet; set B may be {@link REST}). */
  setA: string;
  setB: string;
  onSetA: (id: string) => void;
  onSetB: (id: string) => void;
  running: boolean;
  onRank: (a: Annotation, b: Annotation | null) => void;
}) {
  const byId = (id: string) => annotations.find((a) => a.id === id);
  const rank = () => {
    const a = byId(setA);
    if (!a) return;
    onRank(a, setB === REST ? null : (byId(setB) ?? null));
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1.5 }}>
      <Typography variant="subtitle2" sx={{ whiteSpace: 'nowrap' }}>
        Rank features:
      </Typography>
      <TextField
        select
        size="small"
        label="Set A"
        value={setA}
        onChange={(e) => onSetA(e.target.value)}
        sx={{ width: 220 }}
      >
        {annotations.map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.name}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2">vs</Typography>
      <TextField
        select
        size="small"
        label="Set B"
        value={setB}
        onChange={(e) => onSetB(e.target.value)}
        sx={{ width: 220 }}
      >
        <MenuItem value={REST}>The rest</MenuItem>
        {annotations
          .filter((a) => a.id !== setA)
          .map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.name}
            </MenuItem>
          ))}
      </TextField>
      <Button size="small" variant="outlined" disabled={!setA || running} onClick={rank}>
        Rank
      </Button>
    </Stack>
  );
}
