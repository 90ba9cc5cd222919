import { authenticator } from 'otplib';
import { SUCCESS } from '@synctrade/api/messages';
import type { TwoFactorEnabled, TwoFactorSetup } from '@synctrade/api/types';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';

describe('two-factor authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST', url: string, user: TestUser, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: user.headers, ...(payload ? { payload } : {}) });
  const login = (email: string, password: string, otp?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: otp ? { email, password, otp } : { email, password },
    });

  /**
   * Enabling spends the current step's code, so sign-ins use the next step's code: still inside the
   * one-step window, and still valid if a step boundary passes while the request runs.
   */
  const nextCode = (secret: string): string =>
    authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);

  async function enable(user: TestUser): Promise<{ secret: string; recovery: string[] }> {
    const setup = (await call('POST', '/auth/2fa/setup', user)).json() as TwoFactorSetup;
    const enabled = await call('POST', '/auth/2fa/enable', user, {
      code: authenticator.generate(setup.secret),
    });
    expect(enabled.statusCode).toBe(200);
    return { secret: setup.secret, recovery: (enabled.json() as TwoFactorEnabled).recovery_codes };
  }

  it('when setup starts, then a secret, an otpauth URL and a PNG QR code come back, and 2FA is still off', async () => {
    const user = await registerUser(t.app);
    const setup = (await call('POST', '/auth/2fa/setup', user)).json() as TwoFactorSetup;
    expect(setup.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.otpauth_url).toContain('otpauth://totp/SyncTrade');
    expect(setup.qr_data_url).toMatch(/^data:image\/png;base64,/);
    expect((await call('GET', '/auth/2fa', user)).json()).toEqual({ enabled: false });
  });

  it('when enabled with a code computed from the secret, then recovery codes come back and the status is on', async () => {
    const user = await registerUser(t.app);
    const setup = (await call('POST', '/auth/2fa/setup', user)).json() as TwoFactorSetup;
    const response = await call('POST', '/auth/2fa/enable', user, {
      code: authenticator.generate(setup.secret),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as TwoFactorEnabled;
    expect(body.message).toBe(SUCCESS.twoFactorEnabled);
    expect(body.recovery_codes).toHaveLength(10);
    expect((await call('GET', '/auth/2fa', user)).json()).toEqual({ enabled: true });
    const profile = (await call('GET', '/auth/profile', user)).json() as { two_factor_enabled: boolean };
    expect(profile.two_factor_enabled).toBe(true);
  });

  it('when enable gets a wrong code or no setup, then 400', async () => {
    const user = await registerUser(t.app);
    expect((await call('POST', '/auth/2fa/enable', user, { code: '123456' })).json()).toEqual({
      detail: 'Start the two-factor setup first',
    });
    await call('POST', '/auth/2fa/setup', user);
    expect((await call('POST', '/auth/2fa/enable', user, { code: '000000' })).json()).toEqual({
      detail: 'Invalid two-factor code',
    });
    expect((await call('POST', '/auth/2fa/enable', user, {})).json()).toEqual({ detail: 'Code is required' });
  });

  it('when 2FA is on and no code is sent, then 202 two_factor_required; a wrong code 401; the right code a token', async () => {
    const user = await registerUser(t.app);
    const { secret } = await enable(user);
    const first = await login(user.email, user.password);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({
      two_factor_required: true,
      message: 'Enter the 6-digit code from your authenticator app',
    });
    expect((await login(user.email, user.password, '000000')).statusCode).toBe(401);
    const ok = await login(user.email, user.password, nextCode(secret));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toHaveProperty('access_token');
  });

  it('when a code was used once, then the same code is refused (no replay)', async () => {
    const user = await registerUser(t.app);
    const { secret } = await enable(user);
    const code = nextCode(secret);
    expect((await login(user.email, user.password, code)).statusCode).toBe(200);
    expect((await login(user.email, user.password, code)).statusCode).toBe(401);
  });

  it('when a recovery code is used, then it signs in once and never again', async () => {
    const user = await registerUser(t.app);
    const { recovery } = await enable(user);
    const code = recovery[0] ?? '';
    expect((await login(user.email, user.password, code)).statusCode).toBe(200);
    expect((await login(user.email, user.password, code)).statusCode).toBe(401);
  });

  it('when the password is wrong, then 401 before any 2FA question', async () => {
    const user = await registerUser(t.app);
    await enable(user);
    expect((await login(user.email, 'Wrong!Pass1')).statusCode).toBe(401);
  });

  it('when disabled with a valid code, then login needs no code again; a wrong code is refused with 400', async () => {
    const user = await registerUser(t.app);
    const { secret } = await enable(user);
    expect((await call('POST', '/auth/2fa/disable', user, { code: '000000' })).statusCode).toBe(400);
    const disabled = await call('POST', '/auth/2fa/disable', user, { code: nextCode(secret) });
    expect(disabled.json()).toEqual({ message: SUCCESS.twoFactorDisabled });
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect((await call('POST', '/auth/2fa/disable', user, { code: '123456' })).json()).toEqual({
      detail: 'Two-factor authentication is not enabled',
    });
  });

  it('when setup is asked while 2FA is on, then 409', async () => {
    const user = await registerUser(t.app);
    await enable(user);
    expect((await call('POST', '/auth/2fa/setup', user)).statusCode).toBe(409);
  });

  it('when the TOTP secret is stored, then it is sealed, not plain', async () => {
    const user = await registerUser(t.app);
    const { secret } = await enable(user);
    const rows = await t.db.query<{ totp_secret: string }>('SELECT totp_secret FROM users WHERE id = $1', [
      user.id,
    ]);
    expect(rows[0]?.totp_secret).toMatch(/^v1\./);
    expect(rows[0]?.totp_secret).not.toContain(secret);
  });

  it('when not signed in, then every 2FA route answers 401', async () => {
    for (const [method, url] of [
      ['GET', '/auth/2fa'],
      ['POST', '/auth/2fa/setup'],
      ['POST', '/auth/2fa/enable'],
      ['POST', '/auth/2fa/disable'],
    ] as const) {
      expect((await t.app.inject({ method, url: `/api/v1${url}` })).statusCode).toBe(401);
    }
  });
});
