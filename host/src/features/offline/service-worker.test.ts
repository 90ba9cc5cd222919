import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';

type Route = 'network-only' | 'cache-first' | 'network-first' | 'page';

interface FakeRequest {
  url: string;
  method: string;
  mode: string;
  headers: { get(name: string): string | null };
}

interface FakeResponse {
  ok: boolean;
  body: string;
  clone(): FakeResponse;
}

const ORIGIN = 'https://app.example';

function request(
  pathOrUrl: string,
  init: { method?: string; mode?: string; auth?: boolean } = {},
): FakeRequest {
  return {
    url: pathOrUrl.startsWith('http') ? pathOrUrl : `${ORIGIN}${pathOrUrl}`,
    method: init.method ?? 'GET',
    mode: init.mode ?? 'cors',
    headers: { get: (name) => (name === 'authorization' && init.auth ? 'Bearer t' : null) },
  };
}

function response(body: string, ok = true): FakeResponse {
  const made: FakeResponse = { ok, body, clone: () => response(body, ok) };
  return made;
}

/** The worker's file run in a scope of its own, with the cache and network the test controls. */
function loadWorker(network: { online: boolean; body: string }) {
  const stores = new Map<string, Map<string, FakeResponse>>([['synctrade-shell-v0', new Map()]]);
  const keyOf = (key: FakeRequest | string): string =>
    typeof key === 'string' ? `${ORIGIN}${key}` : key.url;
  const listeners = new Map<string, (event: unknown) => void>();
  const fetched: string[] = [];
  const scope = {
    URL,
    Promise,
    location: { origin: ORIGIN },
    clients: { claim: async () => undefined },
    skipWaiting: () => undefined,
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    fetch: async (req: FakeRequest) => {
      fetched.push(req.url);
      if (!network.online) throw new TypeError('Failed to fetch');
      return response(network.body);
    },
    caches: {
      keys: async () => [...stores.keys()],
      delete: async (name: string) => stores.delete(name),
      open: async (name: string) => {
        if (!stores.has(name)) stores.set(name, new Map());
        const store = stores.get(name)!;
        return {
          match: async (key: FakeRequest | string) => store.get(keyOf(key)),
          put: async (key: FakeRequest | string, value: FakeResponse) => void store.set(keyOf(key), value),
        };
      },
    },
  } as Record<string, unknown>;
  scope.self = scope;
  runInNewContext(readFileSync(path.join(__dirname, '../../../public/sw.js'), 'utf8'), scope);
  const routeOf = scope.swRouteOf as (req: FakeRequest, origin: string) => Route;
  const respond = scope.swRespond as (req: FakeRequest, origin: string) => Promise<FakeResponse> | null;
  return { routeOf, respond, stores, listeners, fetched };
}

describe('service worker', () => {
  it('when a request is for the API, the feed, another origin, a write or carries a token, then it is never handled', () => {
    const { routeOf } = loadWorker({ online: true, body: '' });
    expect(routeOf(request('/api/v1/auth/profile'), ORIGIN)).toBe('network-only');
    expect(routeOf(request('/ws/accounts'), ORIGIN)).toBe('network-only');
    expect(routeOf(request('https://cdn.example/x.js'), ORIGIN)).toBe('network-only');
    expect(routeOf(request('/remotes/auth/remoteEntry.js', { method: 'POST' }), ORIGIN)).toBe('network-only');
    expect(routeOf(request('/config.json', { auth: true }), ORIGIN)).toBe('network-only');
    expect(routeOf(request('/dashboard', { mode: 'navigate' }), ORIGIN)).toBe('page');
    expect(routeOf(request('/static/js/main.3f9a1c2b7d.js'), ORIGIN)).toBe('cache-first');
    expect(routeOf(request('/remotes.json'), ORIGIN)).toBe('network-first');
  });

  it('when the network is down, then a page gets the stored shell and an API call fails as without a worker', async () => {
    const network = { online: true, body: '<html>shell</html>' };
    const { respond, fetched } = loadWorker(network);
    expect((await respond(request('/syncdesk', { mode: 'navigate' }), ORIGIN))?.body).toBe(
      '<html>shell</html>',
    );
    network.online = false;
    expect((await respond(request('/trade-history/daily', { mode: 'navigate' }), ORIGIN))?.body).toBe(
      '<html>shell</html>',
    );
    expect(respond(request('/api/v1/brokers/accounts/table'), ORIGIN)).toBeNull();
    await expect(respond(request('/remotes.json'), ORIGIN)!).rejects.toThrow('Failed to fetch');
    expect(fetched).toHaveLength(3);
  });

  it('when a hashed file was stored, then it comes from the cache; a changed shell file comes from the network', async () => {
    const network = { online: true, body: 'v1' };
    const { respond, fetched } = loadWorker(network);
    await respond(request('/static/js/main.3f9a1c2b7d.js'), ORIGIN);
    await respond(request('/remotes.json'), ORIGIN);
    network.body = 'v2';
    expect((await respond(request('/static/js/main.3f9a1c2b7d.js'), ORIGIN))?.body).toBe('v1');
    expect((await respond(request('/remotes.json'), ORIGIN))?.body).toBe('v2');
    expect(fetched.filter((url) => url.endsWith('.js'))).toHaveLength(1);
  });

  it('when a new version activates, then the caches of older versions are emptied', async () => {
    const { listeners, stores } = loadWorker({ online: true, body: '' });
    let settled: Promise<unknown> = Promise.resolve();
    listeners.get('activate')?.({ waitUntil: (work: Promise<unknown>) => (settled = work) });
    await settled;
    expect([...stores.keys()]).toEqual([]);
  });
});
