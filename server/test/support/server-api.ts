import type { SyncAccount } from '@synctrade/api/types';

/** A signed-in client of a server started in a child process (`server-process.ts`). */
export interface Api {
  token: string;
  url: string;
}

export async function request<T>(
  api: Api,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${api.url}/api/v1${url}`, {
    method,
    headers: {
      ...(api.token === '' ? {} : { authorization: `Bearer ${api.token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as T };
}

export const signedQty = (row: SyncAccount | undefined): number =>
  row === undefined ? 0 : row.side === 'long' ? row.qty : row.side === 'short' ? -row.qty : 0;

/** Written from the copier's rule, not imported: sign(L) · round(|L| · ratio), halves away from zero. */
export const expectedFollower = (leader: number, ratio: number): number =>
  Math.sign(leader) * Math.round(Math.abs(leader) * ratio);

export async function desk(api: Api): Promise<SyncAccount[]> {
  return (await request<SyncAccount[]>(api, 'GET', '/brokers/accounts/table')).body;
}

/** The desk once `check` holds (60 s at most; the message names what never came and the rows seen). */
export async function waitForDesk(
  api: Api,
  check: (rows: SyncAccount[]) => boolean,
  what: string,
): Promise<SyncAccount[]> {
  const until = Date.now() + 60_000;
  let rows = await desk(api);
  while (!check(rows)) {
    if (Date.now() > until)
      throw new Error(`${what}: ${JSON.stringify(rows.map((r) => [r.id, r.side, r.qty, r.state]))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    rows = await desk(api);
  }
  return rows;
}

/** Signs a new trader up: the answer's token is the client's. */
export async function registerTrader(api: Api, email: string): Promise<void> {
  const registered = await request<{ access_token: string }>(api, 'POST', '/auth/register', {
    email,
    password: 'Str0ng!Pass',
  });
  api.token = registered.body.access_token;
}

/** Connects the paper broker through its consent page, as a browser would. */
export async function connectPaper(api: Api): Promise<void> {
  const start = await request<{ url: string }>(
    api,
    'GET',
    '/brokers/sim/connect?connection_name=Paper&environment=demo',
  );
  const consent = new URL(start.body.url);
  const approved = await fetch(`${api.url}${consent.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state: consent.searchParams.get('state') ?? '' }).toString(),
    redirect: 'manual',
  });
  await fetch(String(approved.headers.get('location')), { redirect: 'manual' });
}
