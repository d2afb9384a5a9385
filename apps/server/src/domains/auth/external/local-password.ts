import { EXTERNAL_SIGN_IN_MSG } from '@atlas/contracts';
import { badRequest } from '../../../http/errors.js';
import type { UserRecord } from '../store.js';

/**
 * An account that signs in through its institution has no portal password to change or reset: its password lives
 * at the provider, and a local one set here would open a second way in that the institution cannot close.
 */
export function refuseExternalPassword(user: Pick<UserRecord, 'sign_in_method'>): void {
  if (user.sign_in_method !== 'local') throw badRequest(EXTERNAL_SIGN_IN_MSG.localPasswordRefused);
}
