#!/usr/bin/env node
// `pnpm --filter server start`: compiles the server (scripts/build.mjs) and runs it in this process, so the
// signals a supervisor sends reach the server's own shutdown. `node --enable-source-maps` keeps the stack
// traces of the logs pointing into `src`.
import { pathToFileURL } from 'node:url';
import { buildServer } from './build.mjs';

await import(pathToFileURL(buildServer()).href);
