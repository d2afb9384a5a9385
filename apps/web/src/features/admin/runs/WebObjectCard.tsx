import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { RUN_ADMIN_MSG as M, type TRunDetails } from '@atlas/contracts';
import { webObjectState } from './runForm';

/** The web object status card of Add A Run (spec 03 §2.10): not created, available (not uploaded) or uploaded. */
export function WebObjectCard({ run, onCreateRun }: { run: TRunDetails | null; onCreateRun: () => void }) {
  switch (webObjectState(run)) {
    case 'not-created':
      return (
        <Alert
          severity="warning"
          variant="outlined"
          action={
            <Button color="inherit" size="small" onClick={onCreateRun}>
              Create A Run
            </Button>
          }
        >
          <AlertTitle>{M.webObjNotCreated}</AlertTitle>
          {M.webObjNotCreatedHint}
        </Alert>
      );
    case 'available':
      return (
        <Alert severity="info" variant="outlined">
          <AlertTitle>{M.webObjAvailable}</AlertTitle>
          {M.webObjAvailableHint} Path: {run?.web_obj_path}
        </Alert>
      );
    case 'uploaded':
      return (
        <Alert severity="success" variant="outlined">
          <AlertTitle>{M.webObjUploaded}</AlertTitle>
          Path: {run?.web_obj_path}
        </Alert>
      );
  }
}
