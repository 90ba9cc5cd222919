import type { PropPresetList, PropRules } from '@synctrade/api/types';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { connectSim, firstAccountId } from '../support/connect-sim';
import { registerUser, type TestUser } from '../support/users';

/** The smallest positive number JSON carries: no ratio, loss limit or firm amount may be this. */
const TINY = 1e-320;

describe('numbers a trader sends are read strictly', () => {
  let t: TestApp;
  let user: TestUser;
  let accountId: number;
  let preset: PropRules;

  const send = async (method: 'PUT' | 'PATCH', url: string, payload: unknown) => {
    const response = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user.headers,
      payload: payload as object,
    });
    return { status: response.statusCode, detail: (response.json() as { detail?: string }).detail };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    user = await registerUser(t.app);
    await connectSim(t.app, user);
    accountId = await firstAccountId(t.app, user);
    const presets = await t.app.inject({
      method: 'GET',
      url: '/api/v1/propfirm/presets',
      headers: user.headers,
    });
    const found = (presets.json() as PropPresetList).presets.find(
      (item) => item.id === 'topstep-combine-50k',
    );
    if (found === undefined) throw new Error('preset missing');
    preset = found.rules;
    expect((await send('PUT', `/propfirm/accounts/${accountId}/rules`, preset)).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['the string "2"', '2'],
    ['1e-320', TINY],
    ['0.001', 0.001],
    ['0', 0],
  ])('when a ratio is %s, then 400 with the spec message', async (_name, ratio) => {
    expect(await send('PUT', `/copier/accounts/${accountId}/ratio`, { ratio })).toEqual({
      status: 400,
      detail: 'Please enter a valid ratio value',
    });
  });

  it('when a ratio is 0.01 or 2.5, then it is saved', async () => {
    for (const ratio of [0.01, 2.5])
      expect((await send('PUT', `/copier/accounts/${accountId}/ratio`, { ratio })).status).toBe(200);
  });

  it('when a daily loss limit is 1e-320, then 400; 0 (off) and whole cents are saved', async () => {
    expect(await send('PUT', `/copier/accounts/${accountId}/risk`, { daily_loss_limit: TINY })).toEqual({
      status: 400,
      detail: 'daily_loss_limit must be in whole cents',
    });
    for (const daily_loss_limit of [0, 0.07, 1250.5])
      expect((await send('PUT', `/copier/accounts/${accountId}/risk`, { daily_loss_limit })).status).toBe(
        200,
      );
  });

  it.each([
    ['dailyLoss.amount', 'Daily loss limit'],
    ['dailyProfit.amount', 'Daily profit target'],
    ['drawdown.amount', 'Trailing drawdown'],
    ['drawdown.buffer', 'Drawdown buffer'],
    ['drawdown.startingBalance', 'Starting balance'],
  ])('when the firm amount %s is edited to 1e-320, then 400 naming it', async (field, label) => {
    expect(await send('PATCH', `/propfirm/accounts/${accountId}/rules`, { field, value: TINY })).toEqual({
      status: 400,
      detail: `${label} must be in whole cents`,
    });
  });

  it.each([
    ['dailyLoss', 'amount'],
    ['dailyProfit', 'amount'],
    ['drawdown', 'amount'],
    ['drawdown', 'buffer'],
    ['drawdown', 'startingBalance'],
    ['drawdown', 'lockAt'],
  ] as const)('when a whole rule set carries %s.%s = 1e-320, then 400 naming it', async (group, key) => {
    const rules = { ...preset, [group]: { ...preset[group], [key]: TINY } };
    expect(await send('PUT', `/propfirm/accounts/${accountId}/rules`, rules)).toEqual({
      status: 400,
      detail: `${group}.${key} must be in whole cents`,
    });
  });
});
