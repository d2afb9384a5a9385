import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import TravelExplore from '@mui/icons-material/TravelExplore';
import { MSG } from '@atlas/contracts';
import { MessagePage } from '../../components/MessagePage';

/** Any address outside the spec's routes. */
export function NotFoundPage() {
  return (
    <MessagePage
      icon={<TravelExplore />}
      title="Page not found"
      message={MSG.pageNotFound}
      actions={
        <Button component={RouterLink} to="/" variant="contained">
          Back to Home
        </Button>
      }
      tone="warning"
    />
  );
}
