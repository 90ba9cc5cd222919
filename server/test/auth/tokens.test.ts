import { createHmac } from 'node:crypto';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser } from '../support/users';

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const profileWith = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/profile',
      headers: { authorization: `Bearer ${token}` },
    });

  function parts(token: string): {
    payload: Record<string, unknown>;
    sign: (header: object, payload: object) => string;
  } {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const sign = (header: object, body: object): string => {
      const input = `${b64(header)}.${b64(body)}`;
      return `${input}.${createHmac('sha256', t.config.jwtSecret ?? '')
        .update(input)
        .digest('base64url')}`;
    };
    return { payload, sign };
  }

  it('when no bearer is sent, then 401 with a detail', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/profile' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Not authenticated' });
  });

  it('when the token uses alg none, then it is refused', async () => {
    const user = await registerUser(t.app);
    const { payload } = parts(user.token);
    const response = await profileWith(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`);
    expect(response.statusCode).toBe(401);
  });

  it('when the payload is changed to another user, then the signature check refuses it', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const [header, , signature] = user.token.split('.');
    const { payload } = parts(user.token);
    const response = await profileWith(`${header}.${b64({ ...payload, user_id: other.id })}.${signature}`);
    expect(response.statusCode).toBe(401);
  });

  it('when a token correctly signed has expired, then 401', async () => {
    const user = await registerUser(t.app);
    const { payload, sign } = parts(user.token);
    const response = await profileWith(
      sign({ alg: 'HS256', typ: 'JWT' }, { ...payload, exp: Math.floor(Date.now() / 1000) - 5 }),
    );
    expect(response.statusCode).toBe(401);
  });

  it('when a correctly signed token names an unknown session, then 401 (the session is checked every time)', async () => {
    const user = await registerUser(t.app);
    const { payload, sign } = parts(user.token);
    const response = await profileWith(
      sign({ alg: 'HS256', typ: 'JWT' }, { ...payload, sid: 'made-up-session' }),
    );
    expect(response.statusCode).toBe(401);
  });

  it('when the token is garbage, then 401', async () => {
    expect((await profileWith('abc.def')).statusCode).toBe(401);
    expect((await profileWith('a.b.c')).statusCode).toBe(401);
  });
});
