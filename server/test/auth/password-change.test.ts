import { SUCCESS } from '@synctrade/api/messages';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser } from '../support/users';

describe('password change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const change = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/profile/password', headers, payload });

  it('when the current password is right and the new ones match, then every session ends and the new password works', async () => {
    const user = await registerUser(t.app);
    const response = await change(user.headers, {
      current_password: user.password,
      new_password: 'N3w!Password',
      confirmPassword: 'N3w!Password',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: SUCCESS.passwordChanged });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: user.headers })).statusCode,
    ).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: 'N3w!Password' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('when the current password is wrong, then 400 (not 401, which would sign the user out)', async () => {
    const user = await registerUser(t.app);
    const response = await change(user.headers, {
      current_password: 'Wrong!Pass1',
      new_password: 'N3w!Password',
      confirmPassword: 'N3w!Password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Current password is incorrect' });
  });

  it('when the new passwords differ, then 400 with the spec text', async () => {
    const user = await registerUser(t.app);
    const response = await change(user.headers, {
      current_password: user.password,
      new_password: 'N3w!Password',
      confirmPassword: 'Other!Pass1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'New passwords do not match' });
  });

  it('when the current password is missing, then 400', async () => {
    const user = await registerUser(t.app);
    const response = await change(user.headers, {
      new_password: 'N3w!Password',
      confirmPassword: 'N3w!Password',
    });
    expect(response.json()).toEqual({ detail: 'Current password is required' });
  });

  it('when not signed in, then 401', async () => {
    expect((await change({}, {})).statusCode).toBe(401);
  });
});
