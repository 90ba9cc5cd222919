import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import type {
  TwoFactorCodePayload,
  TwoFactorEnabled,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@synctrade/api/types';
import { AppError } from '../../http/app-error';
import { revokeOtherSessions } from '../../auth/sessions';
import {
  CODE_ALREADY_USED,
  consumeSecondFactor,
  INVALID_CODE,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  totpStep,
} from '../../auth/two-factor';
import {
  disableTwoFactor,
  enableTwoFactor,
  findUserById,
  setPendingTotpSecret,
  type UserRow,
} from '../../auth/users';

/** Authenticator-app 2FA: status, setup (secret + QR), enable with a first code, disable with a code. */
export const twoFactorRoutes: FastifyPluginAsync = async (app) => {
  const options = {
    preHandler: app.authenticate,
    schema: { tags: ['two-factor'], security: [{ bearer: [] }] },
  };

  async function currentUser(userId: number): Promise<UserRow> {
    const user = await findUserById(app.db, userId);
    if (!user) throw AppError.unauthorized();
    return user;
  }

  app.get('/auth/2fa', options, async (request) => {
    const user = await currentUser(request.user.id);
    const body: TwoFactorStatus = { enabled: user.two_factor_enabled };
    return body;
  });

  app.post('/auth/2fa/setup', options, async (request) => {
    const user = await currentUser(request.user.id);
    if (user.two_factor_enabled) throw AppError.conflict('Two-factor authentication is already enabled');
    const secret = newTotpSecret();
    await setPendingTotpSecret(app.db, user.id, app.secrets.seal(secret));
    const url = otpauthUrl(user.email, secret);
    const body: TwoFactorSetup = {
      secret,
      otpauth_url: url,
      qr_data_url: await (await import('qrcode')).default.toDataURL(url),
    };
    return body;
  });

  app.post<{ Body: TwoFactorCodePayload }>('/auth/2fa/enable', options, async (request) => {
    const { code } = request.body;
    const user = await currentUser(request.user.id);
    if (user.two_factor_enabled) throw AppError.conflict('Two-factor authentication is already enabled');
    if (!user.totp_pending_secret) throw AppError.badRequest('Start the two-factor setup first');
    const step = totpStep(code, app.secrets.open<string>(user.totp_pending_secret));
    if (step === null) throw AppError.badRequest(INVALID_CODE);
    const recovery = newRecoveryCodes();
    await enableTwoFactor(app.db, user.id, step, recovery.hashes);
    // Whoever else was signed in did so without the second factor: those sessions end here.
    await revokeOtherSessions(app.db, user.id, request.user.sessionId);
    app.events.emit('session:revoked', { userId: user.id, exceptSessionId: request.user.sessionId });
    const body: TwoFactorEnabled = { message: SUCCESS.twoFactorEnabled, recovery_codes: recovery.codes };
    return body;
  });

  app.post<{ Body: TwoFactorCodePayload }>('/auth/2fa/disable', options, async (request) => {
    const { code } = request.body;
    const user = await currentUser(request.user.id);
    if (!user.two_factor_enabled) throw AppError.badRequest('Two-factor authentication is not enabled');
    const result = await consumeSecondFactor(app, user, code);
    if (result !== 'accepted')
      throw AppError.badRequest(result === 'already-used' ? CODE_ALREADY_USED : INVALID_CODE);
    await disableTwoFactor(app.db, user.id);
    return { message: SUCCESS.twoFactorDisabled };
  });
};
