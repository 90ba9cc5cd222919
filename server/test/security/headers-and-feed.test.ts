import WebSocket from 'ws';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { getTicket, listen } from '../support/feed-client';
import { registerUser } from '../support/users';

describe('content policy, permissions policy and the feed origin check', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp({
      config: { corsOrigins: ['https://remotes.example'], connectOrigins: ['https://api.example'] },
    });
    base = await listen(t.app);
  });
  afterAll(async () => t.close());

  it("when any answer goes out, then connect-src names only the server's own and the configured origins", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const connect =
      /connect-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1] ?? '';
    expect(connect.split(' ').sort()).toEqual(
      ["'self'", 'https://api.example', 'https://remotes.example', 'ws://synctrade.test'].sort(),
    );
  });

  it('when any answer goes out, then a Permissions-Policy turns off the features the product never uses', async () => {
    for (const url of ['/api/v1/health', '/api/v1/nothing-here']) {
      const policy = String((await t.app.inject({ method: 'GET', url })).headers['permissions-policy']);
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
        expect(policy).toContain(feature);
    }
  });

  /** Opens the feed with a given Origin: the close code after the upgrade, or the refused upgrade's status. */
  async function openWithOrigin(origin: string | undefined): Promise<{ opened: boolean; status?: number }> {
    const user = await registerUser(t.app);
    const ticket = await getTicket(t.app, user.token);
    const socket = new WebSocket(`${base}/ws/accounts?token=${ticket}`, origin ? { origin } : {});
    return new Promise((resolve) => {
      socket.once('open', () => {
        socket.close();
        resolve({ opened: true });
      });
      socket.once('unexpected-response', (_request, response) =>
        resolve({ opened: false, status: response.statusCode }),
      );
      socket.once('error', () => resolve({ opened: false }));
    });
  }

  it('when a page of another origin opens the feed, then the upgrade is refused with 403', async () => {
    expect(await openWithOrigin('https://evil.example')).toEqual({ opened: false, status: 403 });
  });

  it("when the server's own or a configured origin opens the feed, then it opens", async () => {
    expect(await openWithOrigin('http://synctrade.test')).toEqual({ opened: true });
    expect(await openWithOrigin('https://remotes.example')).toEqual({ opened: true });
  });
});
