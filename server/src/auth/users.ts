import { batchedRead, perDb } from '../db/batched-read';
import type { Db } from '../db/db';

export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  username: string;
  first_name: string;
  last_name: string;
  bio: string;
  photo_id: string | null;
  two_factor_enabled: boolean;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | null;
  recovery_codes: string[];
}

/** E-mails are compared case-insensitively: stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>('SELECT * FROM users WHERE email = $1', [normalizeEmail(email)]);
  return rows[0] ?? null;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const rows = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0] ?? null;
}

const userById = perDb((db: Db) =>
  batchedRead<number, UserRow | null>(async (ids) => {
    const rows = await db.query<UserRow>('SELECT * FROM users WHERE id = ANY($1::int[])', [ids]);
    return new Map(rows.map((row) => [Number(row.id), row]));
  }, null),
);

/** The same row as `findUserById`, read together with the other requests asking at the same time. */
export function readUserById(db: Db, id: number): Promise<UserRow | null> {
  return userById(db)(id);
}

/** Answers null when the e-mail is taken (the unique index decides, so two racing sign-ups cannot both win). */
export async function insertUser(db: Db, email: string, passwordHash: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(
    `INSERT INTO users (email, password_hash) VALUES ($1, $2)
     ON CONFLICT (email) DO NOTHING RETURNING *`,
    [normalizeEmail(email), passwordHash],
  );
  return rows[0] ?? null;
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
    userId,
    passwordHash,
  ]);
}

/** Two-factor set-up: the sealed secret waits here until a first code proves the authenticator has it. */
export async function setPendingTotpSecret(db: Db, userId: number, sealedSecret: string): Promise<void> {
  await db.query('UPDATE users SET totp_pending_secret = $2 WHERE id = $1', [userId, sealedSecret]);
}

/** The pending secret becomes the account's, with the step of the code that proved it and the recovery hashes. */
export async function enableTwoFactor(
  db: Db,
  userId: number,
  step: number,
  recoveryHashes: string[],
): Promise<void> {
  await db.query(
    `UPDATE users SET two_factor_enabled = true, totp_secret = totp_pending_secret, totp_pending_secret = NULL,
       totp_last_step = $2, recovery_codes = $3::jsonb, updated_at = now() WHERE id = $1`,
    [userId, step, JSON.stringify(recoveryHashes)],
  );
}

export async function disableTwoFactor(db: Db, userId: number): Promise<void> {
  await db.query(
    `UPDATE users SET two_factor_enabled = false, totp_secret = NULL, totp_pending_secret = NULL,
       totp_last_step = NULL, recovery_codes = '[]'::jsonb, updated_at = now() WHERE id = $1`,
    [userId],
  );
}
