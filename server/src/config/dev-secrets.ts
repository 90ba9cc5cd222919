import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A secret that was not configured: read from (or created once in) the data folder, so tokens and sealed
 * credentials survive a restart. Fine for one embedded node; production sets the variable instead.
 */
export function persistedSecret(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not created yet: fall through and create it.
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The configured secret, or a persisted one with a warning naming the variable to set. */
export function resolveSecret(
  configured: string | undefined,
  dataDir: string,
  variable: string,
  warn: (message: string) => void,
): string {
  if (configured) return configured;
  warn(
    `${variable} is not set: using a random secret kept in ${path.join(dataDir, variable.toLowerCase())}; set ${variable} in production`,
  );
  return persistedSecret(dataDir, variable.toLowerCase());
}
