import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VALIDATION } from '@synctrade/api/messages';
import type { Profile } from '@synctrade/api/types';
import type { Db } from '../../src/db/db';
import { MIGRATIONS_DIR, migrate } from '../../src/db/migrate';
import { AppError } from '../../src/http/app-error';
import { updateProfile } from '../../src/profile/profile-repo';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { createTestDb } from '../support/test-db';
import { registerUser, type TestUser } from '../support/users';

const TAKEN = 'This username is already taken';

describe('profile: the username is required and belongs to one user', () => {
  let t: TestApp;
  let ann: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    ann = await registerUser(t.app);
    bob = await registerUser(t.app);
  });
  afterAll(async () => t.close());

  const put = (user: TestUser, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/auth/profile', headers: user.headers, payload });
  const read = async (user: TestUser): Promise<Profile> =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: user.headers })).json();

  it('when a blank or spaces-only username is sent, then 400 with the form message and nothing changes', async () => {
    expect((await put(ann, { username: '  Ann  ', first_name: 'Ann' })).json()).toMatchObject({
      username: 'Ann',
    });
    for (const username of ['', '   ']) {
      const response = await put(ann, { username, first_name: 'Changed' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: VALIDATION.usernameRequired });
    }
    expect(await read(ann)).toMatchObject({ username: 'Ann', first_name: 'Ann' });
  });

  it('when another user already has the name in any case, then 409 with a clear detail and nothing changes', async () => {
    for (const username of ['Ann', 'ann', ' ANN ']) {
      const response = await put(bob, { username, bio: 'Should not stick' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: TAKEN });
    }
    expect(await read(bob)).toMatchObject({ username: '', bio: '' });
  });

  it('when the holder saves their own name again or in another case, then it is accepted', async () => {
    expect((await put(ann, { username: 'Ann', bio: 'same' })).statusCode).toBe(200);
    const recased = await put(ann, { username: 'ANN' });
    expect(recased.statusCode).toBe(200);
    expect(recased.json()).toMatchObject({ username: 'ANN' });
  });

  it('when a user without a name saves other fields only, then it is accepted (blank is "not chosen yet")', async () => {
    const response = await put(bob, { bio: 'Scalper' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: '', bio: 'Scalper' });
  });

  it('when two users race for a name past the check, then the index refuses the second with the same 409', async () => {
    const error = await updateProfile(t.app.db, bob.id, { username: 'ann' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 409, message: TAKEN });
  });
});

describe('migration 040: existing duplicate usernames', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => db.close());

  it('when users already share a name, then the first keeps it, later ones get their id appended, and the index holds', async () => {
    const before = mkdtempSync(path.join(tmpdir(), 'synctrade-migrations-'));
    for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && !f.startsWith('040_')))
      copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
    await migrate(db, before);
    // The embedded test database comes migrated: take it back to the state before 040.
    await db.exec(`DROP INDEX IF EXISTS users_username_lower_key;
      DELETE FROM schema_migrations WHERE name = '040_username_unique.sql'`);
    const names = ['Ann', 'ann ', '  ANN', 'Bob', '', ''];
    const ids: number[] = [];
    for (const [index, username] of names.entries()) {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO users (email, password_hash, username) VALUES ($1, 'x', $2) RETURNING id`,
        [`u${index}@example.com`, username],
      );
      ids.push(row!.id);
    }

    expect(await migrate(db)).toEqual(['040_username_unique.sql']);
    const rows = await db.query<{ id: number; username: string }>(
      'SELECT id, username FROM users ORDER BY id',
    );
    expect(rows.map((r) => r.username)).toEqual(['Ann', `ann-${ids[1]}`, `ANN-${ids[2]}`, 'Bob', '', '']);
    await expect(
      db.query(`INSERT INTO users (email, password_hash, username) VALUES ('z@example.com', 'x', 'bob')`),
    ).rejects.toMatchObject({ code: '23505' });
  });
});
