import { z } from 'zod';
import { defineCall } from '../call.js';
import {
  FORGOT_STATES,
  ZEmail,
  ZGroup,
  ZGroupName,
  ZManagedUser,
  ZMsg,
  ZNewPassword,
  ZPresentedPassword,
  ZProfile,
  ZUsername,
} from './schemas.js';
import { ZSecondFactorStep } from '../second-factor/schemas.js';

const ZToken = z.object({ access_token: z.string() });
const ZUsernameBody = z.object({ username: ZUsername });

export const login = defineCall({
  method: 'POST',
  path: '/api/v1/auth/login',
  access: 'anonymous',
  summary:
    'Sign in with username and password; returns an access token (1 h), or, for an account with a second factor (or one the policy requires), a challenge for the code step.',
  body: z.object({ username: ZUsername, password: ZPresentedPassword }),
  response: z.union([ZToken, ZSecondFactorStep]),
});

export const whoami = defineCall({
  method: 'GET',
  path: '/api/v1/auth/whoami',
  access: 'public',
  summary: 'The signed-in user: username, groups and profile (a public session has no username).',
  response: z.object({
    username: z.string().nullable(),
    groups: z.array(z.string()),
    public: z.boolean(),
    profile: ZProfile.nullable(),
  }),
});

export const refreshToken = defineCall({
  method: 'POST',
  path: '/api/v1/auth/refreshtoken',
  access: 'public',
  sessionOnly: true,
  summary: 'A fresh access token for the current session.',
  response: ZToken,
});

export const logIntoPublic = defineCall({
  method: 'GET',
  path: '/api/v1/auth/log_into_public',
  access: 'anonymous',
  summary: 'A public-session token for visitors.',
  response: ZToken,
});

export const changePassword = defineCall({
  method: 'PUT',
  path: '/api/v1/auth/changepassword',
  access: 'any',
  sessionOnly: true,
  summary: 'Change the own password. Every older token of the account stops working; the answer carries a new one.',
  body: z.object({ old_password: ZPresentedPassword, new_password: ZNewPassword }),
  response: ZMsg.extend({ access_token: z.string() }),
});

export const registerUser = defineCall({
  method: 'POST',
  path: '/api/v1/auth/user',
  access: 'admin',
  summary: 'Register a user (admin). The user starts UNCONFIRMED until confirmed.',
  body: z.object({
    username: ZUsername,
    password: ZNewPassword,
    name: z.string().trim().min(1, 'Name is required').max(200),
    email: ZEmail,
    groups: z.array(ZGroupName).default([]),
  }),
  response: ZMsg,
});

export const deleteUser = defineCall({
  method: 'DELETE',
  path: '/api/v1/auth/user/:username',
  access: 'admin',
  summary: 'Delete a user.',
  params: ZUsernameBody,
  response: ZMsg,
});

export const userAccountRequest = defineCall({
  method: 'POST',
  path: '/api/v1/auth/user_account_request',
  access: 'anonymous',
  summary: 'Request an account; emails a confirmation code.',
  body: z.object({
    name: z.string().trim().min(1, 'Name is required').max(200),
    username: ZUsername,
    password: ZNewPassword,
    email: ZEmail,
    pi_name: z.string().trim().min(1, 'PI name is required').max(200),
    organization: z.string().trim().min(1, 'Organization is required').max(200),
  }),
  response: z.object({ username_exists: z.boolean(), msg: z.string() }),
});

export const informUserAssignment = defineCall({
  method: 'POST',
  path: '/api/v1/auth/inform_user_assignment',
  access: 'admin',
  summary: 'Email a user that they were assigned to a group.',
  body: z.object({ group: ZGroupName, username: ZUsername, email: ZEmail, name: z.string().max(200).default('') }),
  response: ZMsg,
});

export const confirmUser = defineCall({
  method: 'PUT',
  path: '/api/v1/auth/confirm',
  access: 'admin',
  summary: 'Admin confirms (authorises) a user.',
  body: ZUsernameBody,
  response: ZMsg,
});

export const resetPassword = defineCall({
  method: 'PUT',
  path: '/api/v1/auth/resetpassword',
  access: 'admin',
  summary: "Admin sets a user's password.",
  body: z.object({ username: ZUsername, password: ZNewPassword }),
  response: ZMsg,
});

export const listAccounts = defineCall({
  method: 'GET',
  path: '/api/v1/auth/list_accounts',
  access: 'admin',
  summary: 'All user accounts.',
  response: z.array(ZManagedUser),
});

export const listGroups = defineCall({
  method: 'GET',
  path: '/api/v1/auth/group',
  access: 'admin',
  summary: 'All groups.',
  response: z.array(ZGroup),
});

export const createGroup = defineCall({
  method: 'POST',
  path: '/api/v1/auth/group',
  access: 'admin',
  summary: 'Create a group.',
  body: z.object({ group_name: ZGroupName, description: z.string().trim().min(1, 'Description is required').max(500) }),
  response: ZMsg,
});

export const deleteGroup = defineCall({
  method: 'DELETE',
  path: '/api/v1/auth/group',
  access: 'admin',
  summary: 'Delete a group (its members lose it).',
  body: z.object({ group_name: ZGroupName }),
  response: ZMsg,
});

export const modifyGroupList = defineCall({
  method: 'PUT',
  path: '/api/v1/auth/modify_group_list',
  access: 'admin',
  summary: "Add and remove a user's groups.",
  body: z.object({
    username: ZUsername,
    groups_adding: z.array(ZGroupName).default([]),
    groups_removing: z.array(ZGroupName).default([]),
  }),
  response: ZMsg,
});

export const disableUser = defineCall({
  method: 'PUT',
  path: '/api/v1/auth/disable_user',
  access: 'admin',
  summary: 'Disable a user: they can no longer sign in and their tokens stop working.',
  body: ZUsernameBody,
  response: ZMsg,
});

export const enableUser = defineCall({
  method: 'PUT',
  path: '/api/v1/auth/enable_user',
  access: 'admin',
  summary: 'Enable a disabled user: they can sign in again, and their unexpired tokens work again.',
  body: ZUsernameBody,
  response: ZMsg,
});

export const confirmUserViaEmail = defineCall({
  method: 'GET',
  path: '/api/v1/auth/confirm_user_via_email',
  access: 'anonymous',
  summary: 'Confirm the email of a registration with the emailed code.',
  query: z.object({ username: ZUsername, confirmation_code: z.string().trim().min(1, 'Code is required').max(32) }),
  response: ZMsg,
});

export const resendConfirmationViaEmail = defineCall({
  method: 'GET',
  path: '/api/v1/auth/resend_confirmation_via_email',
  access: 'anonymous',
  summary: 'Send a new confirmation code.',
  query: ZUsernameBody,
  response: ZMsg,
});

export const forgotPasswordRequest = defineCall({
  method: 'GET',
  path: '/api/v1/auth/forgot_password_request',
  access: 'anonymous',
  summary: 'Start a password reset: emails a code when the account allows it.',
  query: ZUsernameBody,
  response: z.object({
    state: z.enum(FORGOT_STATES),
    msg: z.string(),
    CodeDeliveryDetails: z.object({ DeliveryMedium: z.enum(['EMAIL', 'SMS']), Destination: z.string() }).nullable(),
  }),
});

export const forgotPasswordConfirmation = defineCall({
  method: 'POST',
  path: '/api/v1/auth/forgot_password_confirmation',
  access: 'anonymous',
  summary: 'Finish a password reset with the emailed code.',
  body: z.object({
    username: ZUsername,
    password: ZNewPassword,
    code: z.string().trim().min(1, 'Code is required').max(32),
  }),
  response: z.object({ state: z.enum(['Success', 'wrong_code', 'Failure']), msg: z.string() }),
});

export const confirmUserEmailAdmin = defineCall({
  method: 'POST',
  path: '/api/v1/auth/confirm_user_email_admin',
  access: 'admin',
  summary: "Admin marks a confirmed user's email as verified.",
  body: ZUsernameBody,
  response: ZMsg,
});

export const listAudit = defineCall({
  method: 'GET',
  path: '/api/v1/auth/audit',
  access: 'admin',
  summary: 'Audit log entries, newest first (optionally for one target).',
  query: z.object({
    target: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  }),
  response: z.array(
    z.object({
      id: z.number(),
      actor: z.string().nullable(),
      action: z.string(),
      target: z.string(),
      before: z.unknown(),
      after: z.unknown(),
      at: z.string(),
    }),
  ),
});

export const adminContacts = defineCall({
  method: 'GET',
  path: '/api/v1/auth/admin_contacts',
  access: 'public',
  summary:
    'Names and email addresses of the active admins, for a signed-in user without groups to know whom to ask (empty for a public session).',
  response: z.array(z.object({ name: z.string(), email: z.string() })),
});
