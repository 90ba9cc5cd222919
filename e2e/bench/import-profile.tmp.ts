import { loadavg } from 'node:os';
import { api, registerUser } from '../support/api';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../support/ports';
import { REPO_ROOT } from '../support/stack';

async function startStack() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hf-prof-'));
  const url = `http://localhost:${port}`;
  const prof = process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', path.join(REPO_ROOT, 'server', 'src', 'main.ts')], {
    cwd: path.join(REPO_ROOT, 'server'),
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (;;) {
    try { if ((await fetch(`${url}/api/v1/health`)).ok) break; } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  return { pid: child.pid!, url, port, dataDir, logs: [], restart: async () => {}, stop: async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  } };
}

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const BATCH = Number(process.env.BATCH ?? 2000);
const CONC = Number(process.env.CONC ?? 1);

function rows() {
  const out = [];
  const start = Date.UTC(2025, 10, 3, 14, 30, 0);
  for (let i = 0; i < ROWS; i += 1) {
    const opened = start + Math.floor(i / 400) * 86_400_000 + (i % 400) * 60_000;
    out.push({
      symbol: ['ESZ6', 'MESZ6', 'NQZ6'][i % 3]!,
      side: 'buy',
      qty: 1 + (i % 3),
      entry_time: new Date(opened).toISOString(),
      exit_time: new Date(opened + 30_000).toISOString(),
      entry_price: 6000 + (i % 400) * 0.25,
      exit_price: 6001 + (i % 400) * 0.25,
      pnl: i % 3 === 0 ? -62.5 : 37.5,
      external_id: `tradovate:${1_000_000 + 2 * i}:${1_000_001 + 2 * i}`,
    });
  }
  return out;
}

async function main() {
  const stack = await startStack();
  try {
    const user = await registerUser(stack as never);
    const all = rows();
    const batches = [];
    for (let s = 0; s < all.length; s += BATCH) batches.push(all.slice(s, s + BATCH));
    const { readFileSync } = await import('node:fs');
    const cpu = () => { const f = readFileSync(`/proc/${stack.pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
    const c0 = cpu();
    const t0 = Date.now();
    let next = 0;
    await Promise.all(Array.from({ length: CONC }, async () => {
      while (next < batches.length) {
        const b = batches[next++]!;
        await api(stack as never, 'POST', '/copier/trade-history/import', { trades: b }, user.token);
      }
    }));
    console.log(`import ${ROWS} rows batch ${BATCH} conc ${CONC}: ${Date.now() - t0} ms, server cpu ${cpu() - c0} ms, load ${loadavg()[0]!.toFixed(2)}`);
  } finally {
    await stack.stop();
  }
}
main().catch((e) => { console.error(e); process.exit(1); });
