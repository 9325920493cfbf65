import type { RateLimits } from '../config/config.ts';
import { tooManyRequests } from '../http/app-error.ts';
import type { RateLimiter } from '../rate-limit/rate-limit.repository.ts';
import { usernameKey } from './user.repository.ts';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** Where the password was asked for: the 429 tells the angler what they did too often, in their own words. */
export type PasswordCheck = 'login' | 'account';
const TOO_MANY: Record<PasswordCheck, string> = {
  login: 'Too many failed login attempts. Please wait 15 minutes and try again.',
  account: 'Too many wrong passwords. Please wait 15 minutes and try again.',
};

/** The counter of password guesses against one account: login and the account routes share it. */
export function passwordGuessKey(username: string): string {
  return `login-username:${usernameKey(username)}`;
}

/**
 * Counts one password check against the account's and the network's login limits, before the password is
 * verified (decision 003): a burst of parallel guesses gets at most the limit verified. Login, the password
 * change and the account deletion all count here (decision 019), so a stolen session cannot guess the password
 * through the account routes faster than through the login form. Returns the account's counter key, which a
 * right password resets; throws 429 RATE_LIMITED when either counter is over its limit, in the words of `check`.
 */
export async function countPasswordAttempt(
  rateLimiter: RateLimiter,
  rateLimits: RateLimits,
  username: string,
  ip: string,
  check: PasswordCheck,
): Promise<string> {
  // In one statement per counter: the check and the count cannot be split by concurrency. The per-IP counter
  // therefore counts attempts, successful ones included.
  const usernameCounterKey = passwordGuessKey(username);
  const byUsername = await rateLimiter.consume(
    usernameCounterKey,
    rateLimits.loginFailuresPerUsername,
    LOGIN_WINDOW_MS,
  );
  const byIp = await rateLimiter.consume(`login-ip:${ip}`, rateLimits.loginFailuresPerIp, LOGIN_WINDOW_MS);
  if (!byUsername.allowed || !byIp.allowed) {
    throw tooManyRequests(TOO_MANY[check]);
  }
  return usernameCounterKey;
}
