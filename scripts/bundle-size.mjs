// Initial JavaScript of each built app, gzip: what a browser must fetch before the app's first screen.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { APPS } from './apps.mjs';

const gz = (file) => gzipSync(readFileSync(file)).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Sizes of one app's dist: its entry, its own exposed chunks, and the shared-library chunks it can provide. */
export function appSizes(dir) {
  const js = path.join(dir, 'dist', 'static', 'js');
  const files = existsSync(js) ? readdirSync(js).filter((f) => f.endsWith('.js')) : [];
  const sum = (names) => names.reduce((total, name) => total + gz(path.join(js, name)), 0);
  const entry = existsSync(path.join(dir, 'dist', 'remoteEntry.js')) ? gz(path.join(dir, 'dist', 'remoteEntry.js')) : 0;
  const main = files.filter((f) => f.startsWith('main.'));
  const exposed = files.filter((f) => f.startsWith('__federation_expose_'));
  const shared = files.filter((f) => f.startsWith('node_modules_') || f.startsWith('shared_'));
  const own = files.filter((f) => !main.includes(f) && !exposed.includes(f) && !shared.includes(f));
  return { main: sum(main), remoteEntry: entry, exposed: sum(exposed), shared: sum(shared), own: sum(own) };
}

export function printSizes(root) {
  console.log('\nInitial JavaScript per app (gzip):');
  console.log('app          main+entry   exposed (own initial)   shared libs   other lazy chunks');
  for (const { pkg } of APPS) {
    const s = appSizes(path.join(root, pkg));
    console.log(
      `${pkg.padEnd(20)} ${kb(s.main + s.remoteEntry).padStart(10)}   ${kb(s.exposed).padStart(12)}        ${kb(s.shared).padStart(10)}   ${kb(s.own).padStart(10)}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printSizes(path.resolve(path.dirname(process.argv[1]), '..'));
