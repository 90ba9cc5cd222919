import type { Db } from '../db/db';
import { AppError } from '../http/app-error';
import type { LoginRefusals, RefusalKind } from './login-refusals';

/** Failures of one account from one address inside the window, after which that pair must wait. */
export const MAX_PAIR_FAILURES = 10;
export const WINDOW_MINUTES = 15;
/**
 * Failures of one account from all addresses inside the window after which every further try on it from an
 * address the account never signed in from is slowed down: each failure past the threshold adds
 * SLOWDOWN_STEP_MS of wait before the password is checked, up to SLOWDOWN_MAX_MS.
 */
export const SLOWDOWN_AFTER = 10;
export const SLOWDOWN_STEP_MS = 500;
export const SLOWDOWN_MAX_MS = 5_000;
/**
 * Failures of one account from all addresses inside the window after which tries from addresses the account
 * never signed in from are refused (429). Addresses it signed in from are never refused for others' failures.
 */
export const MAX_ACCOUNT_FAILURES = 20;
/** Wrong second-factor codes of one account inside the window after which codes from unknown addresses are refused. */
export const MAX_CODE_FAILURES = 5;

export const TOO_MANY = 'Too many failed sign-in attempts. Please try again later.';
const TOO_MANY_CODES =
  'Too many wrong two-factor codes for this account. Please try again later, or sign in from a device you used before.';

/** Separates this lock's keys from the server's other advisory locks. */
const LOCK_CLASS = 4_005;

/** How long a try waits when the account failed `failures` times lately (0 below the threshold). */
export function slowdownMs(failures: number, stepMs = SLOWDOWN_STEP_MS): number {
  if (failures < SLOWDOWN_AFTER) return 0;
  return Math.min((failures - SLOWDOWN_AFTER + 1) * stepMs, SLOWDOWN_MAX_MS);
}

interface Failures {
  pair: number;
  pairOldest: Date | null;
  account: number;
  accountOldest: Date | null;
  codes: number;
  codesOldest: Date | null;
}

/** Failures inside the window, tries still being checked included (they are counted as failures until they succeed). */
async function recentFailures(db: Db, email: string, ip: string): Promise<Failures> {
  const rows = await db.query<{
    pair: number;
    pair_oldest: Date | null;
    account: number;
    account_oldest: Date | null;
    codes: number;
    codes_oldest: Date | null;
  }>(
    `SELECT count(*) FILTER (WHERE ip = $2) AS pair, min(created_at) FILTER (WHERE ip = $2) AS pair_oldest,
       count(*) AS account, min(created_at) AS account_oldest,
       count(*) FILTER (WHERE second_factor) AS codes, min(created_at) FILTER (WHERE second_factor) AS codes_oldest
     FROM login_attempts WHERE email = $1 AND NOT succeeded AND created_at > now() - make_interval(mins => $3)`,
    [email, ip, WINDOW_MINUTES],
  );
  const row = rows[0];
  return {
    pair: Number(row?.pair ?? 0),
    pairOldest: row?.pair_oldest ?? null,
    account: Number(row?.account ?? 0),
    accountOldest: row?.account_oldest ?? null,
    codes: Number(row?.codes ?? 0),
    codesOldest: row?.codes_oldest ?? null,
  };
}

function secondsUntilFree(oldest: Date | null): number {
  const freeAt = (oldest ? new Date(oldest).getTime() : Date.now()) + WINDOW_MINUTES * 60_000;
  return Math.max(1, (freeAt - Date.now()) / 1000);
}

/** Counts and decides one account's tries one at a time, so tries sent in parallel see each other. */
function underAccountLock<T>(db: Db, email: string, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.tx(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCK_CLASS, email]);
    return fn(tx);
  });
}

interface Refusal {
  kind: RefusalKind;
  /** Until a try may come again. */
  seconds: number;
}

/** Whether this address signed in to the account: known already, or asked only when the account is over its limit. */
type KnownAddress = boolean | (() => Promise<boolean>);

async function isKnown(known: KnownAddress): Promise<boolean> {
  return typeof known === 'boolean' ? known : known();
}

/** This address over its limit on the account, or the account over its limit for an address it never signed in from. */
async function refusalOf(failures: Failures, known: KnownAddress): Promise<Refusal | null> {
  if (failures.pair >= MAX_PAIR_FAILURES)
    return { kind: 'pair', seconds: secondsUntilFree(failures.pairOldest) };
  if (failures.account >= MAX_ACCOUNT_FAILURES && !(await isKnown(known)))
    return { kind: 'account', seconds: secondsUntilFree(failures.accountOldest) };
  return null;
}

/** The same two limits as this node remembers them (`LoginRefusals`): seconds to wait, without a statement. */
async function rememberedRefusal(
  refusals: LoginRefusals,
  email: string,
  ip: string,
  known: KnownAddress,
): Promise<number | null> {
  const pair = refusals.pairRefusal(email, ip);
  if (pair !== null) return pair;
  const account = refusals.accountRefusal(email);
  return account !== null && !(await isKnown(known)) ? account : null;
}

/** 429 for a refusal the database decided, remembered on this node first so the next tries need no statement. */
function refuse(refusals: LoginRefusals | undefined, email: string, ip: string, over: Refusal): never {
  refusals?.remember(over.kind, email, ip, over.seconds);
  throw AppError.tooManyRequests(TOO_MANY, over.seconds);
}

/**
 * 429 with Retry-After for a try already over its limit, before the account is read: from this node's memory
 * without a statement, else on one plain read (failures only add up inside the window, so saying no needs no lock
 * or transaction). `known` (did this address sign in to the account) is asked only when the account is over.
 */
export async function refuseOverLimit(
  db: Db,
  refusals: LoginRefusals,
  input: { email: string; ip: string; known: () => Promise<boolean> },
): Promise<void> {
  const { email, ip, known } = input;
  const remembered = await rememberedRefusal(refusals, email, ip, known);
  if (remembered !== null) throw AppError.tooManyRequests(TOO_MANY, remembered);
  const over = await refusalOf(await recentFailures(db, email, ip), known);
  if (over !== null) refuse(refusals, email, ip, over);
}

/**
 * A failing try that brought its address or the account to the limit (`LoginTurn.reachesLimit`): the refusal the
 * database now decides is read once and remembered, so the burst's next round is refused without a statement.
 */
export async function rememberOverLimit(
  db: Db,
  refusals: LoginRefusals,
  input: { email: string; ip: string; known: boolean },
): Promise<void> {
  const over = await refusalOf(await recentFailures(db, input.email, input.ip), input.known);
  if (over !== null) refusals.remember(over.kind, input.email, input.ip, over.seconds);
}

/** A sign-in try, counted as a failure from before its password is checked until it succeeds. */
export interface LoginTurn {
  id: number;
  /** The account's slow-down this try waits before its password is checked. */
  waitMs: number;
  /** Counted as a failure, this try brings its address, or the account for an unknown address, to the limit. */
  reachesLimit: boolean;
}

type TurnInput = { email: string; ip: string; known: boolean; stepMs?: number; refusals?: LoginRefusals };

interface Waiting {
  input: TurnInput;
  resolve(turn: LoginTurn | { refused: Refusal }): void;
  reject(error: unknown): void;
}

/**
 * Tries of one account waiting for its lock, per database: they are counted together in the next transaction on
 * the account. On the embedded database every commit is a synchronous file write on the server's one thread, so a
 * burst's tries counted one transaction each held every other tenant's request behind ten writes.
 */
const waitingByDb = new WeakMap<Db, Map<string, Waiting[]>>();

/**
 * Counts a sign-in try before its password is checked. 429 with Retry-After when this address failed too
 * often on this account lately, or when the account failed too often and this address never signed in to it
 * (`known` false). Otherwise answers the try with the slow-down it must wait (none from a known address).
 * The e-mail counts whether or not an account exists, so the answer tells nothing. Tries of one account that
 * arrive while its lock is awaited are counted in one transaction, one after the other in the order they came,
 * each seeing the ones before it, as they would one transaction each.
 */
export async function reserveLoginTurn(db: Db, input: TurnInput): Promise<LoginTurn> {
  const { email, ip, known } = input;
  // Tries sent at once with one that was refused meanwhile learn it here, after their first statements.
  const remembered = input.refusals ? await rememberedRefusal(input.refusals, email, ip, known) : null;
  if (remembered !== null) throw AppError.tooManyRequests(TOO_MANY, remembered);
  const turn = await new Promise<LoginTurn | { refused: Refusal }>((resolve, reject) => {
    let waiting = waitingByDb.get(db);
    if (waiting === undefined) waitingByDb.set(db, (waiting = new Map()));
    const queued = waiting.get(email);
    if (queued !== undefined) return void queued.push({ input, resolve, reject });
    const batch: Waiting[] = [{ input, resolve, reject }];
    waiting.set(email, batch);
    const byEmail = waiting;
    underAccountLock(db, email, async (tx) => {
      // Tries arriving from here on wait for the next transaction: this one counts the batch as it stands.
      byEmail.delete(email);
      return countTurns(tx, email, batch);
    }).then(
      (turns) => batch.forEach((item, i) => item.resolve(turns[i]!)),
      (error: unknown) => batch.forEach((item) => item.reject(error)),
    );
  });
  return 'refused' in turn ? refuse(input.refusals, email, ip, turn.refused) : turn;
}

/**
 * Decides and records the batch's tries in order under the account's lock, each reading the failures with the ones
 * before it inserted (statements inside the transaction cost no commit): the same answers as one transaction each.
 */
async function countTurns(
  tx: Db,
  email: string,
  batch: readonly Waiting[],
): Promise<Array<LoginTurn | { refused: Refusal }>> {
  const turns: Array<LoginTurn | { refused: Refusal }> = [];
  for (const { input } of batch) turns.push(await countTurn(tx, email, input));
  return turns;
}

async function countTurn(tx: Db, email: string, input: TurnInput): Promise<LoginTurn | { refused: Refusal }> {
  const { ip, known } = input;
  const failures = await recentFailures(tx, email, ip);
  const refused = await refusalOf(failures, known);
  if (refused !== null) return { refused };
  const rows = await tx.query<{ id: number }>(
    'INSERT INTO login_attempts (email, ip, succeeded) VALUES ($1, $2, false) RETURNING id',
    [email, ip],
  );
  return {
    id: rows[0]!.id,
    waitMs: known ? 0 : slowdownMs(failures.account, input.stepMs ?? SLOWDOWN_STEP_MS),
    reachesLimit:
      failures.pair + 1 >= MAX_PAIR_FAILURES || (!known && failures.account + 1 >= MAX_ACCOUNT_FAILURES),
  };
}

/**
 * The password was right and a second-factor code follows: the try now counts as a code failure until it
 * succeeds. 429 (and the try no longer counts) when the account had too many wrong codes lately and this
 * address never signed in to it: guessing codes needs the password and a known address.
 */
export async function reserveCodeTurn(
  db: Db,
  turn: LoginTurn,
  input: { email: string; known: boolean },
): Promise<void> {
  const refused = await underAccountLock(db, input.email, async (tx) => {
    const failures = await recentFailures(tx, input.email, '');
    if (!input.known && failures.codes >= MAX_CODE_FAILURES) {
      await tx.query('DELETE FROM login_attempts WHERE id = $1', [turn.id]);
      return secondsUntilFree(failures.codesOldest);
    }
    await tx.query('UPDATE login_attempts SET second_factor = true WHERE id = $1', [turn.id]);
    return 0;
  });
  if (refused > 0) throw AppError.tooManyRequests(TOO_MANY_CODES, refused);
}

/** The try was not a failure (a second factor is asked for next): it no longer counts. */
export async function releaseLoginTurn(db: Db, turn: LoginTurn): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE id = $1', [turn.id]);
}

/** The try signed in: it and this address's failures on the account no longer count; others' still do. */
export async function succeedLoginTurn(db: Db, turn: LoginTurn, email: string, ip: string): Promise<void> {
  await db.query('UPDATE login_attempts SET succeeded = true WHERE id = $1', [turn.id]);
  await db.query('DELETE FROM login_attempts WHERE email = $1 AND ip = $2 AND NOT succeeded', [email, ip]);
}
