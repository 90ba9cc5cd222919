import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser } from '../support/users';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('when a user registers, then the profile answers with the e-mail', async () => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/profile',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: user.email, id: user.id });
  });
});
