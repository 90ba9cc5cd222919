#!/usr/bin/env node
// `pnpm --filter server start`: compiles the server (scripts/build.mjs) and runs it in this process, so the
// signals a supervisor sends reach the server's own shutdown. `node --enable-source-maps` keeps the stack
// traces of the logs pointing into `src`; `--single-threaded-gc` keeps collections off V8's helper threads,
// which the server puts behind its own thread (src/runtime/background-threads.ts).
import { pathToFileURL } from 'node:url';
import { buildServer } from './build.mjs';

await import(pathToFileURL(buildServer()).href);
