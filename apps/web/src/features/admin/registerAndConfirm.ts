import { authCalls } from '@atlas/contracts';
import { callApi } from '../../api/client';

/** The account was created but could not be confirmed (it stays UNCONFIRMED; confirm it in User Management). */
export class ConfirmFailed extends Error {}

/**
 * The one rule by which an admin creates an account, shared by Register New User and Add User: register, then
 * confirm at once (the admin is the one who authorises accounts), so the new user can sign in straight away.
 */
export async function registerAndConfirm(input: {
  username: string;
  password: string;
  name: string;
  email: string;
  groups: string[];
}): Promise<void> {
  const username = input.username.trim();
  await callApi(authCalls.registerUser, { body: { ...input, username } });
  try {
    await callApi(authCalls.confirmUser, { body: { username } });
  } catch {
    throw new ConfirmFailed();
  }
}
