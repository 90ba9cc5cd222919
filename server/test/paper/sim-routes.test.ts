import type { MarketQuote, MessageResponse } from '@synctrade/api/types';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { connectSim } from '../support/connect-sim';
import { registerUser, type TestUser } from '../support/users';
import { call, waitForDesk } from '../copier/support/http';

describe('paper broker routes', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    user = await registerUser(t.app);
  });
  afterAll(async () => t.close());

  it('when the consent page is opened for a connect request, then it is a scriptless form that redirects back with a code', async () => {
    const start = await call<{ url: string }>(
      t.app,
      user,
      'GET',
      '/brokers/sim/connect?connection_name=Paper&environment=demo',
    );
    const consent = new URL(start.body.url);
    const page = await t.app.inject({ method: 'GET', url: `${consent.pathname}${consent.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<button type="submit">Authorize</button>');
    expect(page.body).not.toMatch(/<script/i);
    const state = consent.searchParams.get('state') ?? '';
    const approve = await t.app.inject({
      method: 'POST',
      url: consent.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `state=${state}`,
    });
    expect(approve.statusCode).toBe(302);
    const back = new URL(String(approve.headers.location));
    expect(back.searchParams.get('state')).toBe(state);
    expect(back.searchParams.get('code')).toMatch(/^[0-9a-f]{32}$/);
    const replay = await t.app.inject({
      method: 'POST',
      url: consent.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `state=${state}`,
    });
    expect(replay.statusCode).toBe(400);
  });

  it('when the consent page gets an unknown state or another redirect address, then it refuses', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/brokers/sim/authorize?state=nope&redirect_uri=https%3A%2F%2Fevil.example%2F',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).not.toContain('evil.example');
  });

  it('when the ticket places a paper order, then the account holds it; bad tickets answer 400 with a detail', async () => {
    await connectSim(t.app, user, 'Ticket');
    const rows = await waitForDesk(t.app, user, (list) => list.length >= 4);
    const id = rows[rows.length - 1]?.id ?? 0;
    const ok = await call<MessageResponse>(t.app, user, 'POST', '/sim/orders', {
      account_id: id,
      contract: 'NQ',
      side: 'sell',
      qty: 3,
      order_type: 'Market',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toMatch(/^Order sent: Sell 3 NQ[HMUZ]\d \(filled\)$/);
    await waitForDesk(
      t.app,
      user,
      (list) => list.find((r) => r.id === id)?.qty === 3 && list.find((r) => r.id === id)?.side === 'short',
    );
    for (const [body, detail] of [
      [{ account_id: id, contract: 'BTC', side: 'buy', qty: 1, order_type: 'Market' }, /^contract must be/],
      [{ account_id: id, contract: 'ES', side: 'hold', qty: 1, order_type: 'Market' }, /^side must be/],
      [{ account_id: id, contract: 'ES', side: 'buy', qty: 0, order_type: 'Market' }, /^qty must be/],
      [{ account_id: id, contract: 'ES', side: 'buy', qty: 1, order_type: 'Limit' }, /^price must be/],
    ] as const) {
      const response = await call<{ detail: string }>(t.app, user, 'POST', '/sim/orders', body);
      expect(response.status).toBe(400);
      expect(response.body.detail).toMatch(detail);
    }
  });

  it('when quotes are asked for, then ES, NQ, CL and GC come from the paper venue', async () => {
    const quotes = (await call<MarketQuote[]>(t.app, user, 'GET', '/market/quotes')).body;
    expect(quotes.map((q) => q.symbol.replace(/[FGHJKMNQUVXZ]\d$/, ''))).toEqual(['ES', 'NQ', 'CL', 'GC']);
    for (const quote of quotes) expect(quote.price).toBeGreaterThan(0);
  });
});
