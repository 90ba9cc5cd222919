#!/usr/bin/env node
// `pnpm rollback:remote <name>`: points `remotes.json` back at the version deployed before the current one
// (or, when there is none, at the remote's build folder). The versioned folders stay as they are.
import { findRemote } from './apps.mjs';
import { readState, writeState } from './deploy-state.mjs';

const app = findRemote(process.argv[2] ?? '');
if (!app) {
  console.error('usage: pnpm rollback:remote <name>');
  process.exit(2);
}
const state = readState();
const entry = state.remotes[app.name];
if (!entry) {
  console.error(`${app.name} has no deployed version to roll back`);
  process.exit(1);
}
const from = entry.history.pop();
const previous = entry.history.at(-1);
if (previous) {
  entry.current = previous;
  console.log(`remotes.json: ${app.name} rolled back from ${from} to ${previous}`);
} else {
  delete state.remotes[app.name];
  console.log(`remotes.json: ${app.name} rolled back from ${from} to its build folder`);
}
writeState(state);
