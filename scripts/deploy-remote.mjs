#!/usr/bin/env node
// `pnpm deploy:remote <name> [--version V] [--build] [--dist folder] [--host folder]`: publishes a remote's build to an immutable versioned
// folder and points `remotes.json` at it. The host is not rebuilt; a reload shows the new version.
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findRemote } from './apps.mjs';
import { checkRemote } from './check-remote-compat.mjs';
import { DEPLOY_DIR, readState, ROOT, writeState } from './deploy-state.mjs';

const args = process.argv.slice(2);
const name = args.find((a) => !a.startsWith('--'));
const flag = (f) => {
  const i = args.indexOf(f);
  return i >= 0 ? args[i + 1] : undefined;
};
const app = name && findRemote(name);
if (!app) {
  console.error('usage: pnpm deploy:remote <name> [--version V] [--build] [--dist folder] [--host folder]');
  process.exit(2);
}
if (args.includes('--build')) {
  const build = spawnSync('pnpm', ['--filter', app.pkg, 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// --dist: a build artifact from elsewhere (a pipeline's build step); by default the package's own build.
const dist = path.resolve(flag('--dist') ?? path.join(ROOT, app.pkg, 'dist'));
if (!existsSync(path.join(dist, 'mf-manifest.json'))) {
  console.error(`${app.pkg} is not built: run \`pnpm --filter ${app.pkg} build\` or pass --build`);
  process.exit(1);
}
const hostDist = flag('--host');
const { problems, against } = checkRemote(app.pkg, dist, hostDist && path.resolve(hostDist));
if (problems.length) {
  console.error(
    `Refused: ${app.pkg} is not compatible with the host (${against}):\n- ${problems.join('\n- ')}`,
  );
  process.exit(1);
}
const pkgVersion = JSON.parse(readFileSync(path.join(ROOT, app.pkg, 'package.json'), 'utf8')).version;
const manifestHash = createHash('sha256')
  .update(readFileSync(path.join(dist, 'mf-manifest.json')))
  .digest('hex')
  .slice(0, 8);
const version = flag('--version') ?? `${pkgVersion}-${manifestHash}`;
if (!/^[A-Za-z0-9._-]+$/.test(version)) {
  console.error(`"${version}" is not a valid version name (letters, digits, . _ -)`);
  process.exit(2);
}
const target = path.join(DEPLOY_DIR, 'remotes', app.name, version);
if (existsSync(target)) {
  // Immutable: an existing version is reused as it is, never overwritten.
  console.log(`${app.name}@${version} is already published; pointing at it`);
} else {
  cpSync(dist, target, { recursive: true });
  console.log(`published ${app.name}@${version}`);
}
const state = readState();
const entry = state.remotes[app.name] ?? { current: version, history: [] };
if (entry.current !== version || entry.history.length === 0) entry.history.push(version);
entry.current = version;
state.remotes[app.name] = entry;
writeState(state);
console.log(`remotes.json: ${app.name} → /deploy/${app.name}/${version}/mf-manifest.json`);
