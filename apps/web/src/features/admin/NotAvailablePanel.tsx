import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/** Stands in for the run tabs (Create A Run, Add A Run, Group Runs, Add Files) until their issues land. */
export function NotAvailablePanel({ title }: { title: string }) {
  return (
    <Alert severity="info" variant="outlined" sx={{ maxWidth: 640 }}>
      <AlertTitle>{title} is not available yet</AlertTitle>
      This part of the Admin Panel is still being built. User Management, Group Managment and Job Managment already
      work.
    </Alert>
  );
}
