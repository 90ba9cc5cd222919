// Initial JavaScript of each built app (gzip), read from its federation manifest: what a browser fetches before
// the app's first screen (for the host, its entry and what it provides). `pnpm bench web` measures what a page
// loads in a real browser.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { APPS } from './apps.mjs';

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function gzipOf(dist, files) {
  return [...new Set(files)]
    .map((file) => path.join(dist, file))
    .filter((file) => existsSync(file))
    .reduce((total, file) => total + gzipSync(readFileSync(file)).length, 0);
}

/**
 * - remotes: `remoteEntry.js` + the synchronous chunks of each exposed module (the remote's own initial code;
 *   shared singletons come from the host).
 * - host: its entry, its bootstrap chunk and the shared singletons it provides to the whole page.
 */
export function appSizes(dir) {
  const dist = path.join(dir, 'dist');
  const manifestFile = path.join(dist, 'mf-manifest.json');
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const exposes = Object.fromEntries(
    (manifest.exposes ?? []).map((expose) => [
      expose.name,
      gzipOf(dist, ['remoteEntry.js', ...expose.assets.js.sync]),
    ]),
  );
  const shared = gzipOf(
    dist,
    (manifest.shared ?? []).flatMap((item) => item.assets.js.sync),
  );
  const js = path.join(dist, 'static', 'js');
  const entry = gzipOf(
    dist,
    readdirSync(js)
      .filter((f) => /^(main\.js|src_bootstrap_tsx\..*\.js)$/.test(f))
      .map((f) => path.join('static', 'js', f)),
  );
  return { exposes, shared, entry };
}

export function printSizes(root) {
  console.log('\nInitial JavaScript per app (gzip):');
  for (const { pkg } of APPS) {
    const sizes = appSizes(path.join(root, pkg));
    if (!sizes) {
      console.log(`  ${pkg.padEnd(20)} not built`);
    } else if (pkg === 'host') {
      // Not all initial: a singleton loads when an app first uses it (axios, react-toastify: later). What a
      // page really loads before its first screen is measured by `pnpm bench web`.
      console.log(
        `  ${pkg.padEnd(20)} entry + bootstrap ${kb(sizes.entry)}, shared singletons it provides ${kb(sizes.shared)} (each loaded when first used)`,
      );
    } else {
      const own = Object.entries(sizes.exposes)
        .map(([name, size]) => `${name} ${kb(size)}`)
        .join(', ');
      console.log(`  ${pkg.padEnd(20)} own initial (remoteEntry + exposed module): ${own}`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  printSizes(path.resolve(path.dirname(process.argv[1]), '..'));
