import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Stack } from './stack';

export interface TestUser {
  email: string;
  password: string;
  token: string;
}

export const STRONG_PASSWORD = 'Str0ng!Pass';

/** Calls the real API of a stack and returns the parsed JSON body; throws with the server's detail otherwise. */
export async function api<T>(
  stack: Pick<Stack, 'url'>,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${stack.url}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : {};
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${JSON.stringify(data)}`);
  return data as T;
}

/** Registers a new user through the API (unique e-mail) and returns its credentials and token. */
export async function registerUser(
  stack: Pick<Stack, 'url'>,
  email = `trader-${randomUUID().slice(0, 8)}@example.com`,
): Promise<TestUser> {
  const { access_token } = await api<{ access_token: string }>(stack, 'POST', '/auth/register', {
    email,
    password: STRONG_PASSWORD,
  });
  return { email, password: STRONG_PASSWORD, token: access_token };
}

/** Makes the page signed in as the user: stores the token before any script of the app runs. */
export async function signInPage(page: Page, user: TestUser): Promise<void> {
  await page.addInitScript((token) => window.localStorage.setItem('access_token', token), user.token);
}

/**
 * Connects the built-in paper broker through the real redirect flow (connect → authorize page → callback)
 * and returns the new connection's id.
 */
export async function connectPaperBroker(
  stack: Pick<Stack, 'url'>,
  user: TestUser,
  name = 'Paper',
): Promise<number> {
  const { url } = await api<{ url: string }>(
    stack,
    'GET',
    `/brokers/sim/connect?connection_name=${encodeURIComponent(name)}&environment=demo`,
    undefined,
    user.token,
  );
  let next: string | null = new URL(url, stack.url).toString();
  // Walk the redirects the way a browser would, submitting the authorize page's form.
  for (let hop = 0; hop < 10 && next; hop += 1) {
    const page: Response = await fetch(next, { redirect: 'manual' });
    const location: string | null = page.headers.get('location');
    if (location) {
      if (location.includes('/connections?')) break;
      next = new URL(location, next).toString();
      continue;
    }
    const html: string = await page.text();
    const action: string | undefined = /<form[^>]*action="([^"]+)"/i.exec(html)?.[1];
    if (!action) throw new Error(`no authorize form at ${next}`);
    const fields = new URLSearchParams();
    for (const match of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)) {
      fields.set(match[1]!, match[2]!.replace(/&amp;/g, '&'));
    }
    const submitted: Response = await fetch(new URL(action.replace(/&amp;/g, '&'), next), {
      method: 'POST',
      body: fields,
      redirect: 'manual',
    });
    next = submitted.headers.get('location')
      ? new URL(submitted.headers.get('location')!, next).toString()
      : null;
  }
  const connections = await api<{ id: number; connection_name: string }[]>(
    stack,
    'GET',
    '/brokers/connections',
    undefined,
    user.token,
  );
  const connection = connections.find((c) => c.connection_name === name);
  if (!connection) throw new Error('the paper connection was not created');
  return connection.id;
}
