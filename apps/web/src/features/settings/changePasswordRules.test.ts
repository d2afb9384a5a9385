import { describe, expect, it } from 'vitest';
import { MSG } from '@atlas/contracts';
import { changePasswordErrors, EMPTY_CHANGE_PASSWORD, hasErrors } from './changePasswordRules';

describe('changePasswordErrors', () => {
  it('flags every empty field', () => {
    expect(changePasswordErrors(EMPTY_CHANGE_PASSWORD)).toEqual({
      oldPassword: MSG.fieldCannotBeEmpty,
      newPassword: MSG.fieldCannotBeEmpty,
      confirmPassword: MSG.fieldCannotBeEmpty,
    });
  });
  it('flags a confirmation that does not match', () => {
    const errors = changePasswordErrors({ oldPassword: 'old', newPassword: 'New#Pass1', confirmPassword: 'New#Pass2' });
    expect(errors).toEqual({ confirmPassword: MSG.passwordsDontMatch });
  });
  it('flags a new password that breaks the rules', () => {
    const errors = changePasswordErrors({ oldPassword: 'old', newPassword: 'weakpass', confirmPassword: 'weakpass' });
    expect(errors).toEqual({ newPassword: MSG.passwordNotValid });
  });
  it('accepts a valid form', () => {
    const errors = changePasswordErrors({ oldPassword: 'old', newPassword: 'New#Pass1', confirmPassword: 'New#Pass1' });
    expect(hasErrors(errors)).toBe(false);
  });
});
