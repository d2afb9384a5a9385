import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { taskCalls } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { useSnackbar } from '../../../app/feedback';
import { errorText } from '../apiErrors';
import { useInvalidateRuns } from './runQueries';

export const CREATE_RUN_TASK = 'webfile.create_files';
const QUEUE = 'atxcloud_webfile';
const POLL_MS = 1000;

export interface CreateRunRequest {
  runId: string | null;
  bucket: string;
  path: string | null;
  transcriptome: boolean;
  description: string;
  /** True when the run has a web object already and the admin agreed to replace it. */
  replace: boolean;
}

/**
 * Create A Run's job: Submit posts webfile.create_files, opens the "request received" dialog and polls the task
 * every second until it ends; on success the run lists are refreshed (the run now has its catalogue entry).
 */
export function useCreateRunJob(request: CreateRunRequest) {
  const [taskId, setTaskId] = useState<string | null>(null);
  const [dialog, setDialog] = useState(false);
  const showSnack = useSnackbar();
  const invalidate = useInvalidateRuns();

  const task = useQuery({
    // Outside the 'runs-admin' keys: the invalidation below must not cancel this poll.
    queryKey: ['create-run-task', taskId],
    enabled: taskId !== null,
    queryFn: ({ signal }) => callApi(taskCalls.getTask, { params: { id: taskId! }, signal }),
    refetchInterval: (query) =>
      query.state.data?.status === 'SUCCESS' || query.state.data?.status === 'FAILURE' ? false : POLL_MS,
  });

  const { runId, bucket, path, transcriptome, description, replace } = request;
  const submit = useMutation({
    mutationFn: () =>
      callApi(taskCalls.postTask, {
        body: {
          task: CREATE_RUN_TASK,
          queue: QUEUE,
          args: [`${path}h5/obj`, transcriptome, bucket],
          kwargs: { run_id: runId, description: description.trim(), replace },
        },
      }),
    onSuccess: (state) => {
      setTaskId(state._id);
      setDialog(true);
    },
    onError: (error) => showSnack(`Could not submit the job: ${errorText(error)}`, { color: 'error' }),
  });

  const done = task.data?.status === 'SUCCESS';
  useEffect(() => {
    // The run now has its catalogue entry, web object and thumbnail.
    if (done) void invalidate();
  }, [done, invalidate]);

  return {
    state: task.data,
    sent: taskId !== null,
    /** Forgets the job, when another run is chosen. */
    reset: () => setTaskId(null),
    submit,
    dialog,
    closeDialog: () => setDialog(false),
  };
}
