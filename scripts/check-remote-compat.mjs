#!/usr/bin/env node
// `pnpm check:remote <name>`: refuses a remote build whose shared singletons the host cannot satisfy.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { findRemote } from './apps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = (await import('node:module')).createRequire(import.meta.url);
const { singletonVersions } = require('../shared/config/shared-singletons.js');

/**
 * The host's rules are the one singleton list of shared/config: for every singleton a remote asks for, the
 * version the host provides must satisfy the remote's range, and the remote's own copy must be of the same
 * major as the host's (a singleton is used from whoever loaded it first, so both directions must hold).
 * Returns the problems, one readable line each.
 */
export function compatibilityProblems(manifest, hostVersions = singletonVersions) {
  const problems = [];
  for (const shared of manifest.shared ?? []) {
    const hostVersion = hostVersions[shared.name];
    if (!shared.singleton) continue;
    if (!hostVersion) {
      problems.push(`${shared.name}: shared as a singleton by the remote but not by the host`);
      continue;
    }
    if (shared.requiredVersion && !semver.satisfies(hostVersion, shared.requiredVersion)) {
      problems.push(
        `${shared.name}: the remote requires ${shared.requiredVersion}, the host provides ${hostVersion}`,
      );
    }
    if (shared.version && semver.major(shared.version) !== semver.major(hostVersion)) {
      problems.push(
        `${shared.name}: the remote was built against ${shared.version}, an incompatible major of the host's ${hostVersion}`,
      );
    }
  }
  return problems;
}

export function checkRemote(nameOrPkg, distDir) {
  const app = findRemote(nameOrPkg);
  if (!app) throw new Error(`unknown remote "${nameOrPkg}"`);
  const dir = distDir ?? path.join(root, app.pkg, 'dist');
  const manifest = JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
  return { app, problems: compatibilityProblems(manifest) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [name, distDir] = process.argv.slice(2);
  if (!name) {
    console.error('usage: pnpm check:remote <name> [dist folder]');
    process.exit(2);
  }
  const { app, problems } = checkRemote(name, distDir);
  if (problems.length) {
    console.error(`Refused: ${app.pkg} is not compatible with the host:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log(`${app.pkg}: shared singletons compatible with the host`);
}
