import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import type { TokenResponse, TwoFactorRequiredResponse } from '@synctrade/api/types';
import { AppError } from '../http/app-error';
import { admitLoginTry } from './admit-login-try';
import { issueAccessToken } from './issue-token';
import {
  refuseOverLimit,
  releaseLoginTurn,
  rememberOverLimit,
  reserveCodeTurn,
  reserveLoginTurn,
  succeedLoginTurn,
} from './login-throttle';
import { emailSignedInFrom, signedInFrom } from './sessions';
import { CODE_ALREADY_USED, consumeSecondFactor, INVALID_CODE } from './two-factor';
import { findUserByEmail, normalizeEmail } from './users';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const TWO_FACTOR_REQUIRED = 'Enter the 6-digit code from your authenticator app';

export type LoginOutcome =
  { status: 200; body: TokenResponse } | { status: 202; body: TwoFactorRequiredResponse };

/** Sign in: the same answer and about the same time for an unknown e-mail and a wrong password. */
export async function login(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { email: string; password: string; otp?: string },
): Promise<LoginOutcome> {
  const email = normalizeEmail(input.email);
  const ip = request.ip;
  const known = once(() => emailSignedInFrom(app.db, email, ip));
  const release = await admitLoginTry(app.loginTriesInFlight, { email, ip, known });
  try {
    return await checkTry(app, request, { ...input, email, ip, known });
  } finally {
    release();
  }
}

/** The try once this node counts it: refused over its limit, else counted in the database and checked. */
async function checkTry(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { email: string; ip: string; password: string; otp?: string; known: () => Promise<boolean> },
): Promise<LoginOutcome> {
  const { email, ip } = input;
  const refusals = app.loginRefusals;
  await refuseOverLimit(app.db, refusals, { email, ip, known: input.known });
  const user = await findUserByEmail(app.db, email);
  // Asked for unknown e-mails too (no user has id 0), so both take the same statements.
  const known = await signedInFrom(app.db, user?.id ?? 0, ip);
  // Counted before the slow password check, so tries sent in parallel count each other.
  const stepMs = app.config.authSlowdownStepMs;
  const turn = await reserveLoginTurn(app.db, { email, ip, known, stepMs, refusals });
  if (turn.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, turn.waitMs));
  const passwordOk = user
    ? await app.passwords.verify(user.password_hash, input.password)
    : (await app.passwords.burn(input.password), false);
  if (!user || !passwordOk) {
    if (turn.reachesLimit) await rememberOverLimit(app.db, refusals, { email, ip, known });
    throw AppError.unauthorized(INVALID_CREDENTIALS);
  }
  if (user.two_factor_enabled) {
    if (!input.otp) {
      await releaseLoginTurn(app.db, turn);
      return { status: 202, body: { two_factor_required: true, message: TWO_FACTOR_REQUIRED } };
    }
    await reserveCodeTurn(app.db, turn, { email, known });
    const result = await consumeSecondFactor(app, user, input.otp);
    if (result !== 'accepted')
      throw AppError.unauthorized(result === 'already-used' ? CODE_ALREADY_USED : INVALID_CODE);
  }
  await succeedLoginTurn(app.db, turn, email, ip);
  refusals.forget(email, ip);
  const accessToken = await issueAccessToken(app, request, user.id);
  return { status: 200, body: { access_token: accessToken, message: SUCCESS.login } };
}

/** The first call's promise, kept: the address is asked about at most once per try. */
function once<T>(ask: () => Promise<T>): () => Promise<T> {
  let answer: Promise<T> | undefined;
  return () => (answer ??= ask());
}
