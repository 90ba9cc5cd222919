import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe token of `bytes` bytes (16 bytes = 128 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a leaked table does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
