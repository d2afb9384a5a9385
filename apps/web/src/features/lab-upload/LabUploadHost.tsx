import { useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LAB_MSG } from '@atlas/contracts';
import { useConfirm, useSnackbar } from '../../app/feedback';
import { useSession } from '../../app/session';
import { MetadataUploadDialog } from './MetadataUploadDialog';
import { cancelAllUploads, closeMetadataUpload, closeUploadCard, startUploads, uploadStore } from './store';
import { batchInProgress } from './uploadLogic';
import { UploadProgressCard } from './UploadProgressCard';

/** Renders the metadata upload dialog and the progress card from the upload store; the shell mounts it once used. */
export function LabUploadHost() {
  const state = useSyncExternalStore(uploadStore.subscribe, uploadStore.getState);
  const { token } = useSession();
  const queryClient = useQueryClient();
  const askConfirm = useConfirm();
  const showSnack = useSnackbar();

  const closeCard = async () => {
    if (!batchInProgress(uploadStore.getState().items)) {
      closeUploadCard();
      return;
    }
    const ok = await askConfirm({
      title: 'Cancel Uploads',
      message: LAB_MSG.cancelAllUploads,
      confirmText: 'Cancel Uploads',
      cancelText: 'Continue',
    });
    if (!ok) return;
    cancelAllUploads();
    showSnack(LAB_MSG.uploadsCancelled);
  };

  return (
    <>
      {state.dialogKind && (
        <MetadataUploadDialog
          key={state.dialogSeq}
          initialKind={state.dialogKind}
          onClose={closeMetadataUpload}
          onUpload={(kind, entries) => {
            closeMetadataUpload();
            startUploads(kind, entries, token, () => void queryClient.invalidateQueries({ queryKey: ['lab'] }));
          }}
        />
      )}
      {state.cardOpen && state.items.length > 0 && (
        <UploadProgressCard items={state.items} onClose={() => void closeCard()} />
      )}
    </>
  );
}
