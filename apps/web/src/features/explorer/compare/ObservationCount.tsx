import { useMemo } from 'react';
import { useObservationNounOf } from '../data/cellOutlines';

/** "1,234 tixels", or "1,234 cells" when the run is a single-cell-resolution run (Compare shows several runs). */
export function ObservationCount({ runId, count }: { runId: string; count: number }) {
  const noun = useObservationNounOf(useMemo(() => ({ run_id: runId }), [runId]));
  return `${count.toLocaleString()} ${noun}`;
}
