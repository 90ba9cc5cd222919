#!/usr/bin/env node
// `pnpm pipeline <deployable> [--publish]`: the steps of one deployable's pipeline, exactly as its workflow runs
// them: lint, typecheck, unit tests, build, compatibility check, browser smoke test of the real host with this
// fresh build, then (with --publish) a versioned deploy.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { APPS, findRemote } from './apps.mjs';
import { ROOT } from './deploy-state.mjs';

const [target, ...rest] = process.argv.slice(2);
const deployables = [...APPS.map((a) => a.pkg), 'server'];
if (!deployables.includes(target ?? '')) {
  console.error(`usage: pnpm pipeline <${deployables.join('|')}> [--publish]`);
  process.exit(2);
}

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${target}: ${name}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`✖ ${target}: ${name} failed`);
    process.exit(result.status ?? 1);
  }
}

const pnpm = (...args) => ['pnpm', args];
step('lint', ...pnpm('--filter', target, 'lint'));
step('typecheck', ...pnpm('--filter', target, 'typecheck'));
step('unit tests', ...pnpm('--filter', target, 'test'));
if (target !== 'server') {
  step('build', ...pnpm('--filter', target, 'build'));
  const remote = findRemote(target);
  // The smoke test needs the rest of the product, and the check the host's build: what is missing is built once.
  const missing = APPS.filter((a) => !existsSync(path.join(ROOT, a.pkg, 'dist', 'mf-manifest.json'))).map(
    (a) => a.pkg,
  );
  if (missing.length) step('build the rest of the product', 'node', ['scripts/build-all.mjs', ...missing]);
  if (remote) step('compatibility check', 'node', ['scripts/check-remote-compat.mjs', target]);
  step('browser smoke test', ...pnpm('--filter', 'e2e', 'test', 'smoke'));
  if (remote && rest.includes('--publish')) step('publish', 'node', ['scripts/deploy-remote.mjs', target]);
}
console.log(`\n✔ ${target}: pipeline passed`);
