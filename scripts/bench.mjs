#!/usr/bin/env node
// `pnpm bench <name> [args]` runs the package script `bench:<name>` of the package that owns that benchmark.
import { spawnSync } from 'node:child_process';

const owners = {
  copier: 'server',
  api: 'server',
  hostile: 'server',
  alerts: 'server',
  quality: 'server',
  e2e: 'server',
  cluster: 'server',
  memory: 'server',
  syncdesk: 'e2e',
  history: 'e2e',
  web: 'e2e',
};
const [name, ...args] = process.argv.slice(2);
if (!name || !(name in owners)) {
  console.error(`usage: pnpm bench <${Object.keys(owners).join('|')}> [args]`);
  process.exit(2);
}
// `pnpm bench copier --broker tradovate|projectx|rithmic` runs the copier bench through that adapter and its fake server.
const brokerAt = args.indexOf('--broker');
const broker = brokerAt >= 0 ? args[brokerAt + 1] : undefined;
const script =
  name === 'copier' && (broker === 'tradovate' || broker === 'projectx' || broker === 'rithmic')
    ? `bench:copier-${broker}`
    : `bench:${name}`;
const rest = brokerAt >= 0 ? args.filter((_, i) => i !== brokerAt && i !== brokerAt + 1) : args;
const result = spawnSync('pnpm', ['--filter', owners[name], 'run', script, ...rest], { stdio: 'inherit' });
process.exit(result.status ?? 1);
