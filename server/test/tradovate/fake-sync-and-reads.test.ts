import { startFakeTradovate, type FakeTradovate } from '../../fakes/tradovate/server';

describe('fake Tradovate: sync request, risk status and contract maturity as documented', () => {
  let fake: FakeTradovate;
  let token: string;
  let first: number;
  let second: number;
  beforeEach(async () => {
    fake = await startFakeTradovate({ heartbeatMs: 5_000 });
    const user = fake.control.addUser('Reads', [{ name: 'RD-1' }, { name: 'RD-2' }]);
    first = user.accounts[0]?.id ?? 0;
    second = user.accounts[1]?.id ?? 0;
    token = fake.control.issueToken(user.userId).accessToken;
    fake.control.setPrice('ESZ6', 6000);
  });
  afterEach(() => fake.close());

  const call = async (
    path: string,
    body?: Record<string, unknown>,
  ): Promise<{ status: number; body: unknown }> => {
    const response = await fetch(`${fake.restUrl}/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const placeLimit = (accountId: number) =>
    call('order/placeorder', {
      accountId,
      action: 'Buy',
      symbol: 'ESZ6',
      orderQty: 1,
      orderType: 'Limit',
      price: 5900,
      isAutomated: true,
    });

  it('when the REST sync request lists no entityTypes, then it answers no entities', async () => {
    expect(await call('user/syncrequest', { splitResponses: false })).toEqual({ status: 200, body: {} });
  });

  it('when the REST sync request filters accounts, then only those accounts and their orders come back', async () => {
    await placeLimit(first);
    await placeLimit(second);
    const answer = await call('user/syncrequest', {
      accounts: [second],
      entityTypes: ['account', 'order', 'accountRiskStatus'],
    });
    expect(answer.status).toBe(200);
    const body = answer.body as Record<string, Array<Record<string, unknown>>>;
    expect(body.accounts?.map((a) => a.id)).toEqual([second]);
    expect(body.orders?.map((o) => o.accountId)).toEqual([second]);
    expect(body.accountRiskStatuses?.map((r) => r.id)).toEqual([second]);
    expect(Object.keys(body).sort()).toEqual(['accountRiskStatuses', 'accounts', 'orders']);
  });

  it('when accounts is not a list of ids, then the sync request is refused', async () => {
    expect(await call('user/syncrequest', { accounts: 'RD-1', entityTypes: ['account'] })).toEqual({
      status: 400,
      body: 'accounts must be a list of account ids',
    });
  });

  it('when accountRiskStatus is read, then list, item and deps answer per account', async () => {
    expect((await call('accountRiskStatus/list')).body).toEqual([
      expect.objectContaining({ id: first, adminAction: 'Normal' }),
      expect.objectContaining({ id: second, adminAction: 'Normal' }),
    ]);
    expect((await call(`accountRiskStatus/item?id=${second}`)).body).toMatchObject({ id: second });
    expect((await call(`accountRiskStatus/deps?masterid=${first}`)).body).toEqual([
      expect.objectContaining({ id: first }),
    ]);
    expect((await call('accountRiskStatus/item?id=999999')).status).toBe(404);
  });

  it('when a contract maturity is read by the contract id, then it gives the month and the product', async () => {
    const contract = (await call('contract/find?name=ESZ6')).body as { contractMaturityId: number };
    const product = (await call('product/find?name=ES')).body as { id: number };
    const maturity = (await call(`contractMaturity/item?id=${contract.contractMaturityId}`)).body;
    expect(maturity).toMatchObject({
      id: contract.contractMaturityId,
      productId: product.id,
      expirationMonth: 202612,
      expirationDate: '2026-12-18T13:30:00.000Z',
      archived: false,
    });
    expect((await call(`contractMaturity/deps?masterid=${product.id}`)).body).toEqual([maturity]);
    expect((await call('contractMaturity/item?id=1')).status).toBe(404);
  });
});
