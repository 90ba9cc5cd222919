#!/usr/bin/env node
// Runs the browser tests with Node's test runner, one file at a time (each starts its own server and browser).
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(path.join(here, 'tests'))
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) => wanted.length === 0 || wanted.some((w) => file.includes(w)))
  .sort()
  .map((file) => path.join('tests', file));
if (files.length === 0) {
  console.error('no browser test matched');
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files],
  { cwd: here, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
