import {
  LOGIN_ACCOUNT_LIMIT,
  LOGIN_ADDRESS_LIMIT,
  LOGIN_RATE_LIMIT,
  MSG,
  SECOND_FACTOR_DAILY_LIMIT,
  SECOND_FACTOR_LIMIT,
  SECOND_FACTOR_MSG,
} from '@atlas/contracts';
import { tooManyRequests } from '../../http/errors.js';
import type { LimitStore } from '../../infra/limits/index.js';

/** Who is signing in: the address, and the browser's device id for this account when its cookie proves one. */
export interface SignInClient {
  username: string;
  ip: string;
  device: string | null;
}

/**
 * Sign-in throttles. A browser without the account's device cookie counts its failures per (account, address), per
 * address (guessing across accounts) and per account over every address (guessing one account from many); a
 * browser that signed in to the account before counts only its own, so strangers' failures never hold the owner.
 * The counts live in the limit store: with Redis one allowance holds across every API process.
 */
export function createSignInThrottle(limits: LimitStore) {
  const pair = limits.limiter('login-pair', LOGIN_RATE_LIMIT);
  const address = limits.limiter('login-address', LOGIN_ADDRESS_LIMIT);
  const account = limits.limiter('login-account', LOGIN_ACCOUNT_LIMIT);
  const device = limits.limiter('login-device', LOGIN_RATE_LIMIT);
  const pairKey = (client: SignInClient) => `${client.username}\n${client.ip}`;

  return {
    /** Throws 429 with the message that says what to do when the attempt may not even be checked. */
    async refuseThrottled(client: SignInClient): Promise<void> {
      if (client.device) {
        if (await device.isLimited(client.device)) throw tooManyRequests(MSG.tooManyAttempts);
        return;
      }
      const [byPair, byAddress, byAccount] = await Promise.all([
        pair.isLimited(pairKey(client)),
        address.isLimited(client.ip),
        account.isLimited(client.username),
      ]);
      if (byPair || byAddress) throw tooManyRequests(MSG.tooManyAttempts);
      if (byAccount) throw tooManyRequests(MSG.accountGuessedAt);
    },

    async countFailure(client: SignInClient): Promise<void> {
      if (client.device) return device.hit(client.device);
      await Promise.all([pair.hit(pairKey(client)), address.hit(client.ip), account.hit(client.username)]);
    },

    /** A right password clears the browser's own count (not the account's: that would let a guesser go on). */
    async succeeded(client: SignInClient): Promise<void> {
      await (client.device ? device.reset(client.device) : pair.reset(pairKey(client)));
    },
  };
}

/**
 * Second-factor code tries (TOTP or recovery codes), per account over every address and browser: whoever tries them
 * knows the password already, so a device cookie buys nothing here. Each try is counted before it is checked
 * (`tryHit`, atomic), so parallel guesses cannot pass the allowance; a right code clears the account's count.
 */
export function createCodeThrottle(limits: LimitStore) {
  const short = limits.limiter('second-factor', SECOND_FACTOR_LIMIT);
  const daily = limits.limiter('second-factor-day', SECOND_FACTOR_DAILY_LIMIT);
  return {
    /** Counts a try; throws 429 when the account has none left. */
    async take(username: string): Promise<void> {
      const [inShort, inDay] = await Promise.all([short.tryHit(username), daily.tryHit(username)]);
      if (!inShort || !inDay) throw tooManyRequests(SECOND_FACTOR_MSG.tooManyCodes);
    },
    async succeeded(username: string): Promise<void> {
      await Promise.all([short.reset(username), daily.reset(username)]);
    },
  };
}
