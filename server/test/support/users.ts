import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';

export const TEST_PASSWORD = 'Str0ng!Pass';

export interface TestUser {
  id: number;
  email: string;
  password: string;
  token: string;
  /** `{ authorization: 'Bearer …' }` for `app.inject`. */
  headers: { authorization: string };
}

/** The `user_id` claim of an access token (what the client reads with jwt-decode). */
export function userIdOf(token: string): number {
  const payload = token.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { user_id: number }).user_id;
}

export function uniqueEmail(prefix = 'trader'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

let registrations = 0;

/** A distinct client address per registration: sign-ups are slowed down per address, as traders are many. */
function nextAddress(): string {
  registrations += 1;
  return `10.${(registrations >> 16) & 255}.${(registrations >> 8) & 255}.${registrations & 255}`;
}

/** Registers a new user through the API (from its own address) and answers its bearer token. */
export async function registerUser(
  app: FastifyInstance,
  email = uniqueEmail(),
  password = TEST_PASSWORD,
): Promise<TestUser> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { email, password },
    remoteAddress: nextAddress(),
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const token = (response.json() as { access_token: string }).access_token;
  return { id: userIdOf(token), email, password, token, headers: { authorization: `Bearer ${token}` } };
}

/** Signs an existing user in again (a new session) and answers the token. */
export async function loginUser(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { access_token: string }).access_token;
}
