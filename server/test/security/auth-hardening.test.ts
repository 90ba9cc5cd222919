import { createHmac } from 'node:crypto';
import { authenticator } from 'otplib';
import { VALIDATION } from '@synctrade/api/messages';
import type { TwoFactorSetup } from '@synctrade/api/types';
import { MAX_REGISTRATIONS, registrationSlowdownMs } from '../../src/auth/registration-throttle';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { loginUser, registerUser, uniqueEmail, type TestUser } from '../support/users';

/** The code an authenticator app shows `steps` 30-second steps from now (negative: earlier). */
const codeIn = (secret: string, steps: number): string =>
  authenticator.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret);

describe('one password policy, 2FA drift and sessions, canonical tokens, sign-up slow-down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { authSlowdownStepMs: 1 } });
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      payload,
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  it('when a reset or a change sets abcdefgh, then 400 with the same policy detail registration gives', async () => {
    const user = await registerUser(t.app);
    const registration = await post(
      '/auth/register',
      { email: uniqueEmail(), password: 'abcdefgh' },
      {},
      '10.200.0.1',
    );
    expect(registration.json()).toEqual({ detail: VALIDATION.passwordComplexity });
    const change = await post(
      '/auth/profile/password',
      { current_password: user.password, new_password: 'abcdefgh', confirmPassword: 'abcdefgh' },
      user.headers,
    );
    expect(change.statusCode).toBe(400);
    expect(change.json()).toEqual({ detail: VALIDATION.passwordComplexity });
    const reset = await post('/auth/reset-password', { token: 'any-token', new_password: 'abcdefgh' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toEqual({ detail: VALIDATION.passwordComplexity });
  });

  async function withTwoFactor(user: TestUser): Promise<string> {
    const setup = (await post('/auth/2fa/setup', {}, user.headers)).json() as TwoFactorSetup;
    const enabled = await post('/auth/2fa/enable', { code: codeIn(setup.secret, 0) }, user.headers);
    expect(enabled.statusCode).toBe(200);
    return setup.secret;
  }

  const login = (user: TestUser, otp: string) =>
    post('/auth/login', { email: user.email, password: user.password, otp }, {}, '10.201.0.1');

  it('when the code is one step late or one step early, then it signs in; two steps off is refused', async () => {
    const late = await registerUser(t.app);
    const lateSecret = await withTwoFactor(late);
    // The enable code spent the current step: a late code here would be a replay, so sign in one step ahead first.
    expect((await login(late, codeIn(lateSecret, 2))).statusCode).toBe(401);
    expect((await login(late, codeIn(lateSecret, 1))).statusCode).toBe(200);

    const early = await registerUser(t.app);
    const setup = (await post('/auth/2fa/setup', {}, early.headers)).json() as TwoFactorSetup;
    // Enabled with the previous step's code (typed in its last seconds): accepted.
    expect(
      (await post('/auth/2fa/enable', { code: codeIn(setup.secret, -1) }, early.headers)).statusCode,
    ).toBe(200);
    expect((await login(early, codeIn(setup.secret, -2))).statusCode).toBe(401);
    expect((await login(early, codeIn(setup.secret, 0))).statusCode).toBe(200);
  });

  it('when a code is used twice, then the second try is refused saying it was already used', async () => {
    const user = await registerUser(t.app);
    const secret = await withTwoFactor(user);
    const code = codeIn(secret, 1);
    expect((await login(user, code)).statusCode).toBe(200);
    const again = await login(user, code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({
      detail: 'This code was already used. Wait for the next code from your authenticator app and enter it.',
    });
  });

  it('when 2FA is turned on, then the other sessions end and the one that turned it on stays', async () => {
    const user = await registerUser(t.app);
    const other = await loginUser(t.app, user.email);
    const otherHeaders = { authorization: `Bearer ${other}` };
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/2fa', headers: otherHeaders })).statusCode,
    ).toBe(200);
    await withTwoFactor(user);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/2fa', headers: otherHeaders })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/2fa', headers: user.headers })).statusCode,
    ).toBe(200);
  });

  it('when a token signature is written in a non-canonical base64url form, then 401', async () => {
    const user = await registerUser(t.app);
    const [header = '', payload = '', signature = ''] = user.token.split('.');
    // 32 bytes are 43 base64url characters: the last one carries 4 unused bits that decoding ignores.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signature.slice(-1));
    const sibling = alphabet[(last & ~0b11) | ((last + 1) & 0b11)] ?? 'A';
    const variants = [`${signature}=`, `${signature.slice(0, -1)}${sibling}`];
    for (const variant of variants) {
      // The same bytes once decoded: only the spelling differs.
      expect(Buffer.from(variant, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/2fa',
        headers: { authorization: `Bearer ${header}.${payload}.${variant}` },
      });
      expect(answer.statusCode).toBe(401);
    }
    const canonical = createHmac('sha256', t.config.jwtSecret ?? '')
      .update(`${header}.${payload}`)
      .digest('base64url');
    expect(canonical).toBe(signature);
  });

  it(`when one address tries to sign up more than ${MAX_REGISTRATIONS} times in an hour, then 429; other addresses are not affected`, async () => {
    const address = '10.202.0.1';
    const tries: number[] = [];
    for (let index = 0; index < MAX_REGISTRATIONS; index += 1)
      tries.push(
        (await post('/auth/register', { email: uniqueEmail('probe'), password: 'abcdefgh' }, {}, address))
          .statusCode,
      );
    expect(tries.every((status) => status === 400)).toBe(true);
    const refused = await post(
      '/auth/register',
      { email: uniqueEmail('probe'), password: 'Str0ng!Pass' },
      {},
      address,
    );
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await post(
      '/auth/register',
      { email: uniqueEmail('new'), password: 'Str0ng!Pass' },
      {},
      '10.202.0.2',
    );
    expect(elsewhere.statusCode).toBe(201);
  });

  it('the sign-up slow-down: none for the first 10 tries of an hour, then one step more per try, at most 5 s', () => {
    expect([0, 9, 10, 11, 29, 100].map((tries) => registrationSlowdownMs(tries, 500))).toEqual([
      0, 0, 500, 1000, 5000, 5000,
    ]);
  });
});
