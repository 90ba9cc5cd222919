import { SUCCESS, VALIDATION } from '@synctrade/api/messages';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { TEST_PASSWORD, registerUser, uniqueEmail, userIdOf } from '../support/users';

describe('register, login and logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });

  it('when a user registers, then a token with a user_id claim and the success message come back', async () => {
    const email = uniqueEmail();
    const response = await post('/auth/register', { email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(201);
    const body = response.json() as { access_token: string; message: string };
    expect(body.message).toBe(SUCCESS.register);
    const userId = userIdOf(body.access_token);
    const rows = await t.db.query<{ id: number; password_hash: string }>(
      'SELECT id, password_hash FROM users WHERE email = $1',
      [email],
    );
    expect(rows[0]?.id).toBe(userId);
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('when the e-mail is taken (in any letter case), then 409', async () => {
    const user = await registerUser(t.app);
    const response = await post('/auth/register', {
      email: user.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'An account with this email already exists' });
  });

  it.each([
    [{ email: 'not-an-email', password: TEST_PASSWORD }, VALIDATION.emailInvalid],
    [{ password: TEST_PASSWORD }, VALIDATION.emailRequired],
    [{ email: `${'a'.repeat(95)}@x.com`, password: TEST_PASSWORD }, VALIDATION.emailMax],
    [{ email: 'a@b.com', password: 'short' }, VALIDATION.passwordMin],
    [{ email: 'a@b.com', password: 'alllowercase1!' }, VALIDATION.passwordComplexity],
    [{ email: 'a@b.com', password: `Aa1!${'x'.repeat(130)}` }, VALIDATION.passwordMax],
    [{ email: 'a@b.com' }, VALIDATION.passwordRequired],
  ])('when the register payload is %j, then 400 with the form message', async (payload, detail) => {
    const response = await post('/auth/register', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
  });

  it.each([
    ['malformed JSON', '{"email": ', 400],
    ['a JSON string', '"hello"', 400],
    ['a JSON array', '[1,2]', 400],
    ['wrong types', '{"email": {"a": 1}, "password": [1]}', 400],
    ['null', 'null', 400],
  ])('when the login body is %s, then a 4xx with a detail, never a 500', async (_label, body, status) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(status);
    expect(typeof (response.json() as { detail: string }).detail).toBe('string');
  });

  it('when the body is larger than the limit, then 413 with a detail', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: JSON.stringify({ email: 'a@b.com', password: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'The request body is too large' });
  });

  it('when the right password is given, then a fresh token and the welcome message', async () => {
    const user = await registerUser(t.app);
    const response = await post('/auth/login', { email: user.email, password: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: SUCCESS.login });
    expect(userIdOf((response.json() as { access_token: string }).access_token)).toBe(user.id);
  });

  it('when the password is wrong or the e-mail unknown, then the same 401 answer (no enumeration)', async () => {
    const user = await registerUser(t.app);
    const wrong = await post('/auth/login', { email: user.email, password: 'Wrong!Pass1' });
    const unknown = await post('/auth/login', { email: uniqueEmail('nobody'), password: 'Wrong!Pass1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ detail: 'Invalid email or password' });
  });

  it('when a user logs out, then the message comes back and the same token stops working', async () => {
    const user = await registerUser(t.app);
    const logout = await post('/auth/logout', {}, user.headers);
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: SUCCESS.logout });
    const profile = await t.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: user.headers });
    expect(profile.statusCode).toBe(401);
  });

  it('when one session logs out, then another session of the same user keeps working', async () => {
    const user = await registerUser(t.app);
    const second = await post('/auth/login', { email: user.email, password: user.password });
    const otherHeaders = {
      authorization: `Bearer ${(second.json() as { access_token: string }).access_token}`,
    };
    await post('/auth/logout', {}, user.headers);
    const profile = await t.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: otherHeaders });
    expect(profile.statusCode).toBe(200);
  });
});
