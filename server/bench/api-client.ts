/** What the benches do through the public API, as a browser would: sign up, connect the paper broker. */
import { randomBytes } from 'node:crypto';

export const BENCH_PASSWORD = 'Str0ng!Pass';

export interface BenchUser {
  email: string;
  token: string;
  headers: { authorization: string };
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs up a new trader; `fromAddress` (with the server's TRUST_PROXY on) is the trader's own address. */
export async function registerUser(baseUrl: string, fromAddress?: string): Promise<BenchUser> {
  const email = `bench-${randomBytes(5).toString('hex')}@example.com`;
  const answer = await json<{ access_token: string }>(
    await fetch(`${baseUrl}/api/v1/auth/register`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(fromAddress === undefined ? {} : { 'x-forwarded-for': fromAddress }),
      },
      body: JSON.stringify({ email, password: BENCH_PASSWORD }),
    }),
    'register',
  );
  return { email, token: answer.access_token, headers: { authorization: `Bearer ${answer.access_token}` } };
}

/** The paper broker's connect flow: connect → consent page → Authorize → callback. */
export async function connectPaper(baseUrl: string, user: BenchUser, name: string): Promise<void> {
  const start = await json<{ url: string }>(
    await fetch(
      `${baseUrl}/api/v1/brokers/sim/connect?connection_name=${encodeURIComponent(name)}&environment=demo`,
      { headers: user.headers },
    ),
    'connect',
  );
  const consent = new URL(start.url);
  const approve = await fetch(`${baseUrl}${consent.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state: consent.searchParams.get('state') ?? '' }).toString(),
    redirect: 'manual',
  });
  if (approve.status !== 302) throw new Error(`consent: ${approve.status} ${await approve.text()}`);
  const callback = new URL(String(approve.headers.get('location')), baseUrl);
  const done = await fetch(`${baseUrl}${callback.pathname}${callback.search}`, { redirect: 'manual' });
  if (done.status !== 302) throw new Error(`callback: ${done.status} ${await done.text()}`);
}

export async function getJson<T>(baseUrl: string, user: BenchUser, url: string): Promise<T> {
  return json<T>(await fetch(`${baseUrl}/api/v1${url}`, { headers: user.headers }), `GET ${url}`);
}

export async function sendJson<T>(
  baseUrl: string,
  user: BenchUser,
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  body: unknown,
): Promise<T> {
  return json<T>(
    await fetch(`${baseUrl}/api/v1${url}`, {
      method,
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    `${method} ${url}`,
  );
}
