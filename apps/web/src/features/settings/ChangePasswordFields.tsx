import Stack from '@mui/material/Stack';
import type { ChangePasswordErrors, ChangePasswordValues } from './changePasswordRules';
import { PasswordChecklist } from '../../components/PasswordChecklist';
import { PasswordField } from '../../components/PasswordField';

interface ChangePasswordFieldsProps {
  values: ChangePasswordValues;
  errors: ChangePasswordErrors;
  onChange: (key: keyof ChangePasswordValues, value: string) => void;
  autoFocus?: boolean;
}

/** Old, new and confirmation fields with the live password rules under the new one. */
export function ChangePasswordFields({ values, errors, onChange, autoFocus }: ChangePasswordFieldsProps) {
  return (
    <Stack spacing={2}>
      <PasswordField
        label="Old Password"
        autoComplete="current-password"
        value={values.oldPassword}
        onChange={(e) => onChange('oldPassword', e.target.value)}
        error={!!errors.oldPassword}
        helperText={errors.oldPassword}
        autoFocus={autoFocus}
      />
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={(e) => onChange('newPassword', e.target.value)}
        error={!!errors.newPassword}
        helperText={errors.newPassword}
      />
      <PasswordChecklist password={values.newPassword} />
      <PasswordField
        label="Confirm New Password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={(e) => onChange('confirmPassword', e.target.value)}
        error={!!errors.confirmPassword}
        helperText={errors.confirmPassword}
      />
    </Stack>
  );
}
