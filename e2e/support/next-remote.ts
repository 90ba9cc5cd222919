import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './stack';

/**
 * Builds "the next release" of the profile remote (e2e/fixtures/next-remote): an API call and a UI primitive the
 * running host's build does not have. Returns its build folder, a temp folder as a pipeline's build artifact.
 */
export async function buildNextRemote(): Promise<string> {
  const out = mkdtempSync(path.join(tmpdir(), 'synctrade-next-remote-'));
  const config = path.join(REPO_ROOT, 'e2e', 'fixtures', 'next-remote', 'webpack.config.js');
  // Asynchronous, so the test's server and browser connections stay served while webpack works.
  await promisify(execFile)(
    path.join(REPO_ROOT, 'node_modules', '.bin', 'webpack'),
    ['--config', config, '--mode', 'production'],
    { cwd: REPO_ROOT, env: { ...process.env, NEXT_REMOTE_OUT: out }, maxBuffer: 16 * 1024 * 1024 },
  );
  return out;
}

/** A copy of a build whose manifest says it was built against a newer singleton than any host has. */
export function needingNewerSingleton(dist: string, singleton: string, version: string): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'synctrade-newer-singleton-'));
  cpSync(dist, copy, { recursive: true });
  const file = path.join(copy, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
    shared: { name: string; version: string; requiredVersion: string }[];
  };
  const entry = manifest.shared.find((shared) => shared.name === singleton);
  if (!entry) throw new Error(`${singleton} is not shared by the build`);
  Object.assign(entry, { version, requiredVersion: `^${version}` });
  writeFileSync(file, JSON.stringify(manifest));
  return copy;
}
