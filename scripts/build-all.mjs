#!/usr/bin/env node
// `pnpm build`: builds every frontend app (two at a time), type-checks the server, and prints the bundle sizes.
// Each app's webpack output is kept back and one line is printed as each build finishes; a failed build prints its
// whole output. BUILD_VERBOSE=1 shows every line as it comes.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printSizes } from './bundle-size.mjs';
import { APPS } from './apps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
// The landing page is one of the remotes: each app is built once.
const packages = only.length ? only : [...new Set(APPS.map((app) => app.pkg))];
const verbose = process.env.BUILD_VERBOSE === '1';

function build(pkg, index) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('pnpm', ['--silent', 'run', 'build'], {
      cwd: path.join(root, pkg),
      stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const step = `[${index + 1}/${packages.length}]`;
      if (code === 0) console.log(`${step} ${pkg} built in ${seconds} s`);
      else {
        process.stdout.write(Buffer.concat(output));
        console.log(`${step} ${pkg} failed after ${seconds} s`);
      }
      resolve(code === 0);
    });
  });
}

// Two builds at a time: webpack is CPU-bound and a build machine may have only two cores.
const queue = packages.map((pkg, index) => ({ pkg, index }));
let failed = false;
async function worker() {
  for (let next = queue.shift(); next !== undefined; next = queue.shift())
    if (!(await build(next.pkg, next.index))) failed = true;
}
console.log(`Building ${packages.length} apps, two at a time (a few minutes on a first start) ...`);
await Promise.all([worker(), worker()]);
if (failed) process.exit(1);
printSizes(root);
