import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { PASSWORD_RULES } from '@atlas/contracts';

/** The live checklist of the password rules (spec 01 §5), ticking each rule as the password meets it. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  return (
    <List dense disablePadding id={id} aria-label="Password requirements">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <ListItem key={rule.id} disableGutters sx={{ py: 0 }} data-met={met}>
            <ListItemIcon sx={{ minWidth: 28 }}>
              {met ? (
                <CheckCircle fontSize="small" color="success" titleAccess="met" />
              ) : (
                <RadioButtonUnchecked fontSize="small" color="disabled" titleAccess="not met" />
              )}
            </ListItemIcon>
            <ListItemText
              primary={rule.label}
              slotProps={{ primary: { variant: 'body2', color: met ? 'text.primary' : 'text.secondary' } }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
