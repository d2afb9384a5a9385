import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ATLASBROWSER_MSG, type TAtlasBrowserConfig, type TGenerateSpatialArgs } from '@atlas/contracts';
import type { ShowSnack } from '../../app/feedback';
import { checkSpatialFolder, postGenerate, useGenerateTask } from './api';

/** Generate Spatial Folder and Check Spatial Folder (spec 02 §4.3): the task, its progress and the written folder. */
export function useGeneration(config: TAtlasBrowserConfig, runId: string, snack: ShowSnack) {
  const queryClient = useQueryClient();
  const [taskId, setTaskId] = useState<string | null>(null);
  const [showFolder, setShowFolder] = useState(false);
  const task = useGenerateTask(taskId);

  const finalStatus = task.data?.status;
  useEffect(() => {
    if (!taskId || !finalStatus) return;
    if (finalStatus === 'SUCCESS') {
      snack(ATLASBROWSER_MSG.spatialFolderUploaded, { color: 'success' });
      setTaskId(null);
      void queryClient.invalidateQueries({ queryKey: ['lab-views'] });
      void queryClient.invalidateQueries({ queryKey: ['atlasbrowser', 'runs'] });
      setShowFolder(true);
    } else if (finalStatus === 'FAILURE') {
      // The task's own error names what failed (e.g. the image that does not decode).
      const error = task.data?.error;
      snack(error ? `${ATLASBROWSER_MSG.workerFailed}: ${error}` : ATLASBROWSER_MSG.workerFailed, { color: 'error' });
      setTaskId(null);
    }
  }, [finalStatus, taskId, snack, queryClient, task.data?.error]);

  return {
    taskId,
    progress: task.data,
    showFolder,
    reset() {
      setTaskId(null);
      setShowFolder(false);
    },
    async post(args: TGenerateSpatialArgs) {
      try {
        const posted = await postGenerate(args as unknown as Record<string, unknown>);
        setShowFolder(false);
        setTaskId(posted._id);
      } catch {
        snack(ATLASBROWSER_MSG.generateFailed, { color: 'error' });
      }
    },
    async check() {
      try {
        const folder = await checkSpatialFolder(config.bucket_name_spatial, runId);
        snack(
          folder.exists ? ATLASBROWSER_MSG.spatialFolderExists(runId) : ATLASBROWSER_MSG.noSpatialFolderYet(runId),
          { color: folder.exists ? 'success' : 'info' },
        );
        void queryClient.invalidateQueries({ queryKey: ['lab-views'] });
        setShowFolder(folder.exists);
      } catch (error) {
        snack((error as Error).message, { color: 'error' });
      }
    },
  };
}
