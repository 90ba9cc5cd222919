#!/usr/bin/env node
'use strict';
// `pnpm --filter server start`: compiles the server (scripts/build.mjs) and runs it in this process, so the
// signals a supervisor sends reach the server's own shutdown. `node --enable-source-maps` keeps the stack
// traces of the logs pointing into `src`; `--single-threaded-gc` keeps collections off V8's helper threads,
// which the server puts behind its own thread (src/runtime/background-threads.ts). `--no-lazy
// --always-sparkplug` compile every function to baseline code as it is loaded: the first copies after a start
// run compiled code instead of waiting for the parser and the interpreter (docs/bench/e2e.md, 2026-11-25).
// `--max-semi-space-size=4` (MB) keeps each young-generation collection short: the copy's thread stops about 1 ms
// every few dozen copies instead of 5–15 ms every few hundred (docs/bench/copier-open-loop.md, 2026-12-04 22:30).
// `MALLOC_MMAP_THRESHOLD_` and `MALLOC_TRIM_THRESHOLD_` (set by `env` in the same command: the C allocator reads
// them before any JavaScript runs) keep its thresholds at their 128 KB starting values: by default each large
// block freed raises them (up to 32 and 64 MB), and the memory freed after start-up stayed in each thread's arena,
// 80–120 MB of an idle server's resident memory; the copy path's latency was the same
// (docs/bench/memory.md, 2026-12-05 23:55). `--wasm-num-compilation-tasks=1`: the embedded database's WebAssembly is
// compiled (and its hot functions recompiled) on one helper thread at a time instead of on all of them, so one
// thread's allocator arena holds the compiler's freed memory instead of four: 25–40 MB less when idle, a start-up
// 0.1–0.4 s longer, the copy path's latency the same (docs/bench/memory.md, 2026-12-06 18:49).
// CommonJS on purpose: node reads an ES module entry on libuv's thread pool, which would then exist when the
// server lowers its helper threads and be lowered with them (file reads, password hashing, compression); from a
// CommonJS entry the pool starts after that, with the server's own priority.
const { buildServer } = require('./build.mjs');

require(buildServer());
