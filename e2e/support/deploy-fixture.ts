import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { REPO_ROOT } from './stack';

/** A digest of every file under a folder: equal digests mean byte-identical trees. */
export function treeDigest(dir: string): string {
  const hash = createHash('sha256');
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(dir, full)).update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/**
 * Makes "version 2" of a remote from its build with one visible text changed in its JavaScript, standing in
 * for a rebuilt remote, under `<deployDir>/remotes/<name>/<version>/`. Returns the text that v2 shows.
 */
export function makeVisibleVariant(opts: {
  remoteDir: string;
  name: string;
  version: string;
  deployDir: string;
  candidates: string[];
}): { before: string; after: string } {
  const target = path.join(opts.deployDir, 'remotes', opts.name, opts.version);
  mkdirSync(path.dirname(target), { recursive: true });
  cpSync(path.join(REPO_ROOT, opts.remoteDir, 'dist'), target, { recursive: true });
  const js = path.join(target, 'static', 'js');
  for (const before of opts.candidates) {
    for (const file of readdirSync(js).filter((f) => f.endsWith('.js'))) {
      const full = path.join(js, file);
      const source = readFileSync(full, 'utf8');
      if (source.includes(before)) {
        const after = `${before} (v2)`;
        writeFileSync(full, source.split(before).join(after));
        // The build's precompressed copies hold the old text; a real rebuild writes fresh ones.
        for (const copy of [`${full}.br`, `${full}.gz`]) rmSync(copy, { force: true });
        return { before, after };
      }
    }
  }
  throw new Error(`none of ${opts.candidates.join(', ')} found in ${opts.remoteDir}`);
}

/** Points `remotes.json` at a deployed version, the way `pnpm deploy:remote` does. */
export function pointRemote(deployDir: string, name: string, version: string): void {
  const file = path.join(deployDir, 'state.json');
  let state: { remotes: Record<string, { current: string; history: string[] }> } = { remotes: {} };
  try {
    state = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // first deploy
  }
  const entry = state.remotes[name] ?? { current: version, history: [] };
  state.remotes[name] = { current: version, history: [...entry.history, version] };
  mkdirSync(deployDir, { recursive: true });
  writeFileSync(file, JSON.stringify(state, null, 2));
}
