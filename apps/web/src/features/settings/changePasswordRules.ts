import { isValidPassword, MSG } from '@atlas/contracts';

export interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}
export type ChangePasswordErrors = Partial<Record<keyof ChangePasswordValues, string>>;

export const EMPTY_CHANGE_PASSWORD: ChangePasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** Field errors of the Change Password forms (spec 01 §5): empty fields, an invalid new password, a mismatch. */
export function changePasswordErrors(values: ChangePasswordValues): ChangePasswordErrors {
  const errors: ChangePasswordErrors = {};
  for (const key of Object.keys(values) as (keyof ChangePasswordValues)[]) {
    if (values[key] === '') errors[key] = MSG.fieldCannotBeEmpty;
  }
  if (!errors.newPassword && !isValidPassword(values.newPassword)) errors.newPassword = MSG.passwordNotValid;
  if (!errors.confirmPassword && values.confirmPassword !== values.newPassword) {
    errors.confirmPassword = MSG.passwordsDontMatch;
  }
  return errors;
}

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;
