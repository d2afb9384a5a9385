import { createHash } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { SECOND_FACTOR_CHALLENGE_SECONDS } from '@atlas/contracts';

/**
 * The password step's proof for the code step: a short-lived JWT under a key of its own (derived from the server
 * secret), so it can never pass for a session where the identity hook checks tokens, and a session can never pass
 * for it. It carries the account's session key: a password change in between ends it.
 */
export type ChallengeStep = 'code' | 'enrol';
export interface Challenge {
  username: string;
  sessionKey: string;
  step: ChallengeStep;
}

const AUDIENCE = 'atlas second factor';

export function createChallenges(serverSecret: string, now: () => number) {
  const key = createHash('sha256').update(`atlas second-factor challenge\n${serverSecret}`).digest();
  return {
    issue(challenge: Challenge): Promise<string> {
      const seconds = Math.floor(now() / 1000);
      return new SignJWT({ sk: challenge.sessionKey, step: challenge.step })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(challenge.username)
        .setAudience(AUDIENCE)
        .setIssuedAt(seconds)
        .setExpirationTime(seconds + SECOND_FACTOR_CHALLENGE_SECONDS)
        .sign(key);
    },
    /** The challenge a token holds, or null when it is forged, expired or of another kind. */
    async read(token: string): Promise<Challenge | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          audience: AUDIENCE,
          currentDate: new Date(now()),
        });
        const { sub, sk, step } = payload;
        if (typeof sub !== 'string' || typeof sk !== 'string' || (step !== 'code' && step !== 'enrol')) return null;
        return { username: sub, sessionKey: sk, step };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
