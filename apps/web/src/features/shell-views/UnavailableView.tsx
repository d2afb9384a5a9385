import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import Lock from '@mui/icons-material/Lock';
import Login from '@mui/icons-material/Login';
import { MSG } from '@atlas/contracts';
import { MessagePage } from '../../components/MessagePage';
import { COMPONENTS, type ResolvedView } from '../../app/views';

/** A view named by `?component=` that cannot be shown. */
export type UnavailableViewKind = Extract<ResolvedView, { kind: 'unknown' | 'signIn' | 'forbidden' }>;

/** The page that says clearly why the view named by `?component=` cannot be shown (the registry maps the others). */
export function UnavailableView({ view }: { view: UnavailableViewKind }) {
  const home = (
    <Button component={RouterLink} to="/" variant="contained">
      Back to Home
    </Button>
  );
  switch (view.kind) {
    case 'unknown':
      return (
        <MessagePage
          icon={<HelpOutlineOutlined />}
          title="Unknown component"
          message={MSG.componentUnknown(view.name)}
          actions={home}
          tone="warning"
        />
      );
    case 'signIn':
      return (
        <MessagePage
          icon={<Login />}
          title={COMPONENTS[view.name].label}
          message={MSG.signInRequired}
          actions={
            <Button component={RouterLink} to="/login" variant="contained">
              Sign In
            </Button>
          }
        />
      );
    case 'forbidden':
      return (
        <MessagePage
          icon={<Lock />}
          title="No permission"
          message={MSG.componentForbidden(COMPONENTS[view.name].label)}
          actions={home}
          tone="error"
        />
      );
  }
}
