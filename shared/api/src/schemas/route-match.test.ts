import { answerFor, matchRoute } from './route-match';
import { ROUTE_SCHEMAS } from './routes';

describe('matchRoute', () => {
  it('when a concrete request is given, then the route the server would pick answers, static segments first', () => {
    expect(matchRoute('GET', '/api/v1/brokers/accounts/table')?.key).toBe(
      'GET /api/v1/brokers/accounts/table',
    );
    expect(matchRoute('PUT', '/api/v1/brokers/connections/4/accounts/enable-all')?.key).toBe(
      'PUT /api/v1/brokers/connections/:id/accounts/:param',
    );
    expect(matchRoute('PUT', '/api/v1/brokers/connections/4/disable')?.key).toBe(
      'PUT /api/v1/brokers/connections/:id/:param',
    );
    expect(matchRoute('PUT', '/api/v1/notifications/read-all')?.key).toBe(
      'PUT /api/v1/notifications/read-all',
    );
    expect(matchRoute('GET', '/api/v1/brokers/sim/authorize?state=x')?.key).toBe(
      'GET /api/v1/brokers/sim/authorize',
    );
  });

  it('when no API route matches, then the web app catch-all does not stand in for one', () => {
    expect(matchRoute('GET', '/api/v1/brokers/connection-list')).toBeUndefined();
    expect(matchRoute('POST', '/api/v1/brokers/accounts/table')).toBeUndefined();
    expect(matchRoute('GET', '/trade-history/daily')?.key).toBe('GET /*');
  });

  it('when a status is asked, then the exact code wins over its class, and undocumented ones are absent', () => {
    const login = ROUTE_SCHEMAS['POST /api/v1/auth/login'];
    expect(answerFor(login, 202)).toBe(login.response[202]);
    expect(answerFor(login, 429)).toBe(login.response['4xx']);
    expect(answerFor(login, 201)).toBeUndefined();
  });
});
