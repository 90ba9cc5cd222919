import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import type { TokenResponse, TwoFactorRequiredResponse } from '@synctrade/api/types';
import { AppError } from '../http/app-error';
import { issueAccessToken } from './issue-token';
import { awaitLoginTurn, recordLoginAttempt } from './login-throttle';
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
  await awaitLoginTurn(app.db, email, ip, app.config.authSlowdownStepMs);
  const user = await findUserByEmail(app.db, email);
  const passwordOk = user
    ? await app.passwords.verify(user.password_hash, input.password)
    : (await app.passwords.burn(input.password), false);
  if (!user || !passwordOk) {
    await recordLoginAttempt(app.db, email, ip, false);
    throw AppError.unauthorized(INVALID_CREDENTIALS);
  }
  if (user.two_factor_enabled) {
    if (!input.otp) return { status: 202, body: { two_factor_required: true, message: TWO_FACTOR_REQUIRED } };
    const result = await consumeSecondFactor(app, user, input.otp);
    if (result !== 'accepted') {
      await recordLoginAttempt(app.db, email, ip, false);
      throw AppError.unauthorized(result === 'already-used' ? CODE_ALREADY_USED : INVALID_CODE);
    }
  }
  await recordLoginAttempt(app.db, email, ip, true);
  const accessToken = await issueAccessToken(app, request, user.id);
  return { status: 200, body: { access_token: accessToken, message: SUCCESS.login } };
}
