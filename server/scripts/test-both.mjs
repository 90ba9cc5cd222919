#!/usr/bin/env node
// `pnpm --filter server test`: the server's suite on the embedded database and on PostgreSQL, the two passes side by
// side (each runs its files one at a time; they share nothing but the machine: PGlite is in each test's own
// process memory, the PostgreSQL pass has its database to itself). Each pass's output is printed whole when it
// ends, so the two never interleave; the command fails when either pass fails.
import { spawn } from 'node:child_process';

const passes = [
  { name: 'PGlite', script: 'test:pglite' },
  { name: 'PostgreSQL', script: 'test:postgres' },
];

function run({ name, script }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('pnpm', ['run', '--silent', script, ...process.argv.slice(2)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(
        `\n===== server tests on ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s =====\n`,
      );
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0 && signal === null);
    });
  });
}

const results = await Promise.all(passes.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
