import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { authCalls, MSG } from '@atlas/contracts';
import { callApi } from '../../api/client';
import { useSnackbar } from '../../app/feedback';
import { useSession } from '../../app/session';
import { hasStatus } from '../admin/apiErrors';
import {
  changePasswordErrors,
  EMPTY_CHANGE_PASSWORD,
  hasErrors,
  type ChangePasswordErrors,
  type ChangePasswordValues,
} from './changePasswordRules';

export interface ChangePasswordMessages {
  success: string;
  /** Toast for a failure other than a wrong old password (which is shown on its field). */
  failure: (error: unknown) => string;
  /** Toast for a submit with field errors; the fields show them either way. */
  invalid?: string;
}

/**
 * State and submit of a Change Password form, shared by the dialog and the settings tab, which differ only in
 * their messages. Field errors appear after the first submit attempt; a wrong old password comes from the server.
 */
export function useChangePasswordForm(messages: ChangePasswordMessages, onChanged?: () => void) {
  const showSnack = useSnackbar();
  const session = useSession();
  const [values, setValues] = useState<ChangePasswordValues>(EMPTY_CHANGE_PASSWORD);
  const [submitted, setSubmitted] = useState(false);
  const [oldPasswordRejected, setOldPasswordRejected] = useState(false);

  const mutation = useMutation({
    mutationFn: (input: ChangePasswordValues) =>
      callApi(authCalls.changePassword, {
        body: { old_password: input.oldPassword, new_password: input.newPassword },
      }),
    onSuccess: (response) => {
      // The spec treats an empty success body as a response it cannot read.
      if (!response?.msg) return showSnack(MSG.unknownResponse(authCalls.changePassword.path), { color: 'error' });
      session.renewToken(response.access_token);
      showSnack(messages.success, { color: 'success' });
      reset();
      onChanged?.();
    },
    onError: (error) => {
      if (hasStatus(error, 400) && error.message === MSG.incorrectPassword) return setOldPasswordRejected(true);
      showSnack(messages.failure(error), { color: 'error' });
    },
  });

  const reset = () => {
    setValues(EMPTY_CHANGE_PASSWORD);
    setSubmitted(false);
    setOldPasswordRejected(false);
  };

  const setField = (key: keyof ChangePasswordValues, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key === 'oldPassword') setOldPasswordRejected(false);
  };

  const submit = () => {
    setSubmitted(true);
    if (hasErrors(changePasswordErrors(values))) {
      if (messages.invalid) showSnack(messages.invalid, { color: 'error' });
      return;
    }
    mutation.mutate(values);
  };

  const errors: ChangePasswordErrors = submitted ? changePasswordErrors(values) : {};
  if (oldPasswordRejected) errors.oldPassword = MSG.incorrectPassword;
  return { values, errors, setField, submit, reset, pending: mutation.isPending };
}
