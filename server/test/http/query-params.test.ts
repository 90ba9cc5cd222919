import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';

interface Parameter {
  in: string;
  name: string;
}

describe('paging and time-zone query values are checked, never ignored', () => {
  let t: TestApp;
  let user: TestUser;
  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: user.headers });
    return { status: response.statusCode, detail: (response.json() as { detail?: string }).detail };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    user = await registerUser(t.app);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['limit=', 'limit must be a whole number from 1 to 500'],
    ['limit=abc', 'limit must be a whole number from 1 to 500'],
    ['limit=0', 'limit must be a whole number from 1 to 500'],
    ['limit=501', 'limit must be a whole number from 1 to 500'],
    ['limit=2.5', 'limit must be a whole number from 1 to 500'],
    ['limit=10&offset=', 'offset must be a whole number from 0 to 100000000'],
    ['limit=10&offset=-1', 'offset must be a whole number from 0 to 100000000'],
    ['offset=abc', 'offset must be a whole number from 0 to 100000000'],
    ['limit=10&tz=', 'tz must be a time zone name'],
    ['limit=10&tz=Mars%2FPhobos', 'tz must be a time zone name'],
    ['tz=Not%2FA_Zone', 'tz must be a time zone name'],
  ])('when the trade history is asked with %s, then 400 with a detail', async (query, detail) => {
    expect(await get(`/copier/trade-history/${user.id}?${query}`)).toEqual({ status: 400, detail });
  });

  it('when the values are good, then the paged form answers', async () => {
    expect(
      (await get(`/copier/trade-history/${user.id}?limit=10&offset=0&tz=America%2FChicago`)).status,
    ).toBe(200);
  });

  it('when the document lists limit, offset or tz on an operation, then a bad value there answers 400', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
    };
    const bad: Record<string, string> = { limit: 'abc', offset: 'abc', tz: 'Mars%2FPhobos' };
    const answers: string[] = [];
    for (const [path, operations] of Object.entries(document.paths))
      for (const parameter of operations.get?.parameters ?? [])
        if (parameter.in === 'query' && parameter.name in bad) {
          const url = path.replace('/api/v1', '').replace('{userId}', String(user.id));
          const { status, detail } = await get(`${url}?${parameter.name}=${bad[parameter.name]}`);
          answers.push(
            `${path} ${parameter.name}: ${status} ${detail === undefined ? 'no detail' : 'detail'}`,
          );
        }
    // The trade history reads all three; the day journals take a range only.
    expect(answers).toEqual(
      expect.arrayContaining([
        `/api/v1/copier/trade-history/{userId} limit: 400 detail`,
        `/api/v1/copier/trade-history/{userId} offset: 400 detail`,
        `/api/v1/copier/trade-history/{userId} tz: 400 detail`,
      ]),
    );
    expect(answers.filter((answer) => !answer.endsWith(': 400 detail'))).toEqual([]);
  });
});
