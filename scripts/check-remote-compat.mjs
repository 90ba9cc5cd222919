#!/usr/bin/env node
// `pnpm check:remote <name> [dist folder] [--host <host dist folder>]`: refuses a remote build whose shared
// singletons the running host cannot satisfy, before it is published.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { findRemote } from './apps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = (await import('node:module')).createRequire(import.meta.url);
const { singletonVersions } = require('../shared/config/shared-singletons.js');

/** The singletons a build provides, by name, from its `mf-manifest.json`. */
export function providedVersions(manifest) {
  const versions = {};
  for (const shared of manifest.shared ?? []) if (shared.singleton) versions[shared.name] = shared.version;
  return versions;
}

/**
 * What the host provides: its build's manifest (the host that runs: `host/dist`, or the folder given with
 * `--host` or `HOST_DIST`), else, when no host is built here, the singleton list of shared/config.
 */
export function hostSingletons(hostDist = process.env.HOST_DIST ?? path.join(root, 'host', 'dist')) {
  const file = path.join(hostDist, 'mf-manifest.json');
  if (existsSync(file)) {
    return {
      versions: providedVersions(JSON.parse(readFileSync(file, 'utf8'))),
      source: `the host build at ${path.relative(root, hostDist) || '.'}`,
    };
  }
  return { versions: singletonVersions, source: 'the singleton list of shared/config (no host build found)' };
}

/**
 * For every singleton a remote asks for, the version the host provides must satisfy the remote's range, and the
 * remote's own copy must be of the same major as the host's (a singleton is used from whoever loaded it first,
 * so both directions must hold). The product's stateful entries carry versions of their own
 * (shared/config/shared-singletons.js): a remote built against an entry with an export the host's lacks asks
 * for a newer minor than the host has. Returns the problems, one readable line each.
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

export function checkRemote(nameOrPkg, distDir, hostDist) {
  const app = findRemote(nameOrPkg);
  if (!app) throw new Error(`unknown remote "${nameOrPkg}"`);
  const dir = distDir ?? path.join(root, app.pkg, 'dist');
  const manifest = JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
  const host = hostSingletons(hostDist);
  return { app, problems: compatibilityProblems(manifest, host.versions), against: host.source };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const hostAt = args.indexOf('--host');
  const hostDist = hostAt >= 0 ? path.resolve(args[hostAt + 1] ?? '') : undefined;
  const [name, distDir] = args.filter((a, i) => !a.startsWith('--') && (hostAt < 0 || i !== hostAt + 1));
  if (!name) {
    console.error('usage: pnpm check:remote <name> [dist folder] [--host <host dist folder>]');
    process.exit(2);
  }
  const { app, problems, against } = checkRemote(name, distDir && path.resolve(distDir), hostDist);
  if (problems.length) {
    console.error(
      `Refused: ${app.pkg} is not compatible with the host (${against}):\n- ${problems.join('\n- ')}`,
    );
    process.exit(1);
  }
  console.log(`${app.pkg}: shared singletons compatible with ${against}`);
}
