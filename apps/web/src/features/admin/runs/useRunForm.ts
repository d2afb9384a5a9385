import { useEffect, useRef, useState } from 'react';
import type { TRunDetails } from '@atlas/contracts';
import { emptyRunForm, formOfRun, type RunForm } from './runForm';

/**
 * Add A Run's fields and their setter. A reload of the run (the web-object job ending, a link revoked in the Sharing
 * card) refreshes the fields only while the admin has typed nothing: it never wipes edits not yet saved.
 */
export function useRunForm(run: TRunDetails | null, runId: string) {
  const [form, setForm] = useState<RunForm>(() => (run ? formOfRun(run) : emptyRunForm(runId)));
  const edited = useRef(false);
  useEffect(() => {
    if (run && !edited.current) setForm(formOfRun(run));
  }, [run]);
  const set =
    <K extends keyof RunForm>(field: K) =>
    (value: RunForm[K]) => {
      edited.current = true;
      setForm((current) => ({ ...current, [field]: value }));
    };
  return [form, set] as const;
}
