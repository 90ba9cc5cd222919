// The deploy pointer file the server reads to build `remotes.json` (server/src/web/deploy-state.ts).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEPLOY_DIR = path.resolve(process.env.DEPLOY_DIR ?? path.join(ROOT, '.deploy'));

export function readState() {
  const file = path.join(DEPLOY_DIR, 'state.json');
  if (!existsSync(file)) return { remotes: {} };
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Written to a temp file and renamed, so the server never reads half a pointer. */
export function writeState(state) {
  mkdirSync(DEPLOY_DIR, { recursive: true });
  const file = path.join(DEPLOY_DIR, 'state.json');
  writeFileSync(`${file}.tmp`, JSON.stringify(state, null, 2));
  renameSync(`${file}.tmp`, file);
}
