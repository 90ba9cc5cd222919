import { AppError } from '../http/app-error';
import { MAX_ACCOUNT_FAILURES, MAX_PAIR_FAILURES, TOO_MANY } from './login-throttle';
import type { LoginTriesInFlight } from './login-tries-in-flight';

/**
 * Retry-After of a try refused for tries still in flight: they are decided within about a second (or the
 * account's slow-down), and if one of them signs in the limit is lifted, so the database is asked again soon.
 */
export const IN_FLIGHT_RETRY_SECONDS = 1;

/**
 * Counts a sign-in try on this node before its first statement, and answers the function that stops counting
 * it (call it once the try is answered, whatever the answer). 429 with Retry-After, without a statement, when as
 * many tries of this address on the account are in flight as it may fail, or as many of the account as an address
 * it never signed in from may see: the database counts those tries as failures until they succeed, so it refuses
 * the same once their rows land. `known` (one read) is asked only in that second case, so a trader's own address
 * is never refused for others' tries.
 */
export async function admitLoginTry(
  inFlight: LoginTriesInFlight,
  input: { email: string; ip: string; known: () => Promise<boolean> },
): Promise<() => void> {
  const { email, ip, known } = input;
  if (inFlight.pair(email, ip) >= MAX_PAIR_FAILURES) throw refused();
  // Asked again after the read: tries that ended meanwhile no longer count.
  if (inFlight.account(email) >= MAX_ACCOUNT_FAILURES && !(await known())) {
    if (inFlight.account(email) >= MAX_ACCOUNT_FAILURES) throw refused();
  }
  // Checked and counted with no await between, so tries sent at once see each other.
  if (inFlight.pair(email, ip) >= MAX_PAIR_FAILURES) throw refused();
  return inFlight.enter(email, ip);
}

function refused(): AppError {
  return AppError.tooManyRequests(TOO_MANY, IN_FLIGHT_RETRY_SECONDS);
}
