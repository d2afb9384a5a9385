import { useCallback, useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { TRANSFER_MSG } from '@atlas/contracts';
import { defaultsOf, useTaskDefinitions } from '../../api/tasks';
import { NovogeneBatchForm } from './NovogeneBatchForm';
import { NovogeneFilesTable } from './NovogeneFilesTable';
import { formProblems, NOVOGENE_FIELDS, type NovogeneField, type NovogeneForm } from './novogeneForm';
import { NOVOGENE_LIST_TASK, useNovogeneBatch } from './useNovogeneBatch';

/**
 * Transfer Seq (Novogen) (spec 03 §2.8): the FTP login of a Novogene batch, its sequencing files by run, and a
 * download of each file into storage as a task with its progress.
 */
export function NovogeneTransfer() {
  const definitions = useTaskDefinitions('transfer');
  const definition = definitions.data?.find((d) => d.name === NOVOGENE_LIST_TASK);
  const defaults = useCallback((): NovogeneForm => {
    const values = defaultsOf(definition);
    return Object.fromEntries(NOVOGENE_FIELDS.map((f) => [f, String(values[f] ?? '')])) as NovogeneForm;
  }, [definition]);
  const [form, setForm] = useState<NovogeneForm | null>(null);
  const [touched, setTouched] = useState(false);
  const batch = useNovogeneBatch();

  useEffect(() => {
    if (definition && form === null) setForm(defaults());
  }, [definition, form, defaults]);

  const list = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!form || Object.keys(formProblems(form)).length) return;
    await batch.list(form);
  };

  const reset = () => {
    setForm(defaults());
    batch.reset();
    setTouched(false);
  };

  if (definitions.isError) return <Alert severity="error">{definitions.error.message}</Alert>;
  if (!form) return <CircularProgress aria-label="Loading the task defaults" />;
  const { items, error } = batch;

  return (
    <Stack spacing={2}>
      <NovogeneBatchForm
        form={form}
        onChange={setForm}
        problems={touched ? formProblems(form) : {}}
        caption={(name: NovogeneField) => definition?.args.find((a) => a.name === name)?.caption ?? name}
        listing={batch.listing}
        listState={batch.listState}
        onSubmit={(event) => void list(event)}
        onReset={reset}
      />
      {error && <Alert severity="error">{`${TRANSFER_MSG.batchError}: ${error}`}</Alert>}
      {items && items.length === 0 && <Alert severity="info">This batch has no sequencing files of a run.</Alert>}
      {items && items.length > 0 && (
        <NovogeneFilesTable
          items={items}
          tasks={batch.tasks}
          failed={batch.failed}
          onDownload={(item) => void batch.download(form, item)}
          onEnded={batch.ended}
        />
      )}
    </Stack>
  );
}
