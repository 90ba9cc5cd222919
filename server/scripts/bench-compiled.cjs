#!/usr/bin/env node
'use strict';
// `node <flags> scripts/bench-compiled.cjs bench/<name>.ts [args]`: compiles the bench with the server's bundler
// (scripts/build.mjs) and runs it in this process, under the node flags given here (`bench/as-server.ts` gives
// those of `pnpm start`).
// CommonJS for the reason start.cjs gives: libuv's thread pool starts after the bench lowers its helper threads.
const { buildBench } = require('./build.mjs');

const [entry] = process.argv.splice(2, 1);
if (entry === undefined || !entry.endsWith('.ts')) {
  console.error('usage: node scripts/bench-compiled.cjs bench/<name>.ts [args]');
  process.exit(2);
}
require(buildBench(entry));
